import { replayChecked as replayCheckedGame } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import { commandFor } from './command-for';
import { decideDoudizhu } from './decide';
import { evolveDoudizhu } from './evolve';
import { initialDoudizhuState, type DoudizhuState } from './state';
import type { DdzRuleViolation } from './violation';

export type DdzReplayResult =
  | { readonly ok: true; readonly state: DoudizhuState }
  | (DdzRuleViolation & { readonly index: number; readonly state: DoudizhuState });

/**
 * Replays a stream by re-deciding it (game-kit's checked replay): a stream passes only if the
 * engine itself would have written it (DDZ-GEN-2: the software prevents every breach).
 */
export function replayChecked(events: readonly DoudizhuEvent[]): DdzReplayResult {
  return replayCheckedGame(events, {
    initial: initialDoudizhuState,
    commandFor,
    decide: decideDoudizhu,
    evolve: evolveDoudizhu,
    rule: 'DDZ-GEN-2',
  });
}
