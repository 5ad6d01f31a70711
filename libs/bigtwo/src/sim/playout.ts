import { seededPrng } from '@tablecast/cards';
import { playBoards, type PlayoutResult, type PlayoutStep } from '@tablecast/game-kit';
import type { BigTwoEvent } from '../events/catalog';
import { b2Cga2017, type BigTwoRuleset } from '../events/match-events';
import { SEATS, type PerSeat } from '../events/primitives';
import type { BigTwoCommand } from '../engine/commands';
import { decideBigTwo } from '../engine/decide';
import { evolveBigTwo } from '../engine/evolve';
import { initialBigTwoState, type BigTwoState } from '../engine/state';
import type { B2RuleViolation } from '../engine/violation';
import { randomLegalB2Command, type B2BotOptions } from './random-bot';

export type B2PlayoutStep = PlayoutStep<BigTwoState, BigTwoEvent, BigTwoCommand>;

export interface B2PlayoutOptions extends B2BotOptions {
  readonly seed: string;
  readonly boards: number;
  readonly ruleset?: BigTwoRuleset;
  /** The players' names by seat (default `Seat S`…). */
  readonly names?: PerSeat<string>;
  /** Called after every accepted command, for invariant checks. */
  readonly onStep?: (step: B2PlayoutStep) => void;
}

export type B2PlayoutResult = PlayoutResult<BigTwoState, BigTwoEvent, BigTwoCommand, B2RuleViolation>;

/** Creates a match and plays `boards` boards of it with random legal bots, then ends it (game-kit's playBoards). */
export function playRandomB2Boards(options: B2PlayoutOptions): B2PlayoutResult {
  const prng = seededPrng(`b2-bots:${options.seed}`);
  return playBoards(
    {
      initial: initialBigTwoState,
      decide: decideBigTwo,
      evolve: evolveBigTwo,
      inBoard: (state) => state.status === 'inBoard',
      bot: (state) => randomLegalB2Command(state, prng, options),
    },
    {
      seed: options.seed,
      boards: options.boards,
      ruleset: options.ruleset ?? b2Cga2017,
      players: SEATS.map((seat) => ({ id: `p${seat}`, name: options.names?.[seat] ?? `Seat ${seat}`, seat })),
      onStep: options.onStep,
    },
  );
}
