import { seededPrng } from '@tablecast/cards';
import { playBoards, type PlayoutResult, type PlayoutStep } from '@tablecast/game-kit';
import type { DoudizhuEvent } from '../events/catalog';
import { ddzCga2017, type DoudizhuRuleset } from '../events/match-events';
import type { DoudizhuCommand } from '../engine/commands';
import { decideDoudizhu } from '../engine/decide';
import { evolveDoudizhu } from '../engine/evolve';
import { initialDoudizhuState, type DoudizhuState } from '../engine/state';
import type { DdzRuleViolation } from '../engine/violation';
import { randomLegalCommand, type BotOptions } from './random-bot';

export type DdzPlayoutStep = PlayoutStep<DoudizhuState, DoudizhuEvent, DoudizhuCommand>;

export interface DdzPlayoutOptions extends BotOptions {
  readonly seed: string;
  readonly boards: number;
  readonly ruleset?: DoudizhuRuleset;
  /** The players' names, seat 0 first (default `Seat 0`…): a seeded board shown on air reads like a final. */
  readonly names?: readonly [string, string, string];
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?: (step: DdzPlayoutStep) => void;
}

export type DdzPlayoutResult = PlayoutResult<DoudizhuState, DoudizhuEvent, DoudizhuCommand, DdzRuleViolation>;

/** Creates a match and plays `boards` boards of it with random legal bots, then ends it (game-kit's playBoards). */
export function playRandomBoards(options: DdzPlayoutOptions): DdzPlayoutResult {
  const prng = seededPrng(`ddz-bots:${options.seed}`);
  return playBoards(
    {
      initial: initialDoudizhuState,
      decide: decideDoudizhu,
      evolve: evolveDoudizhu,
      inBoard: (state) => state.status === 'inBoard',
      bot: (state) => randomLegalCommand(state, prng, options),
    },
    {
      seed: options.seed,
      boards: options.boards,
      ruleset: options.ruleset ?? ddzCga2017,
      players: ([0, 1, 2] as const).map((seat) => ({
        id: `p${String(seat)}`,
        name: options.names?.[seat] ?? `Seat ${String(seat)}`,
        seat,
      })),
      onStep: options.onStep,
    },
  );
}
