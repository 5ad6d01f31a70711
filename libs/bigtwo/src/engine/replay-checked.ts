import { replayChecked as replayCheckedGame } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import { commandFor } from './command-for';
import { decideBigTwo } from './decide';
import { evolveBigTwo } from './evolve';
import { initialBigTwoState, type BigTwoState } from './state';
import type { B2RuleViolation } from './violation';

export type B2ReplayResult =
  | { readonly ok: true; readonly state: BigTwoState }
  | (B2RuleViolation & { readonly index: number; readonly state: BigTwoState });

/**
 * Replays a stream by re-deciding it (game-kit's checked replay): a stream passes only if the
 * engine itself would have written it (B2-GEN-2: the software prevents every breach).
 */
export function replayChecked(events: readonly BigTwoEvent[]): B2ReplayResult {
  return replayCheckedGame(events, {
    initial: initialBigTwoState,
    commandFor,
    decide: decideBigTwo,
    evolve: evolveBigTwo,
    rule: 'B2-GEN-2',
  });
}
