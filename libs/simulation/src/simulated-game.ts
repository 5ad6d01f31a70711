import type { Prng } from '@tablecast/cards';
import type { AnyGameModule, GameEvent } from '@tablecast/game-kit';

/** What one simulated match is set up with, as `tablecast simulate` names it. */
export interface SimulatedMatchSetup {
  readonly ruleset: string;
  /** The game's own match format, as its `parseFormat` read it. */
  readonly format: unknown;
  readonly seed: string;
}

/** Checks one match's invariants after every event; a fresh one per match. Returns the problems. */
export type InvariantCheck = (event: GameEvent, after: unknown) => readonly string[];

/**
 * A game as the simulation plays it: its module (the fold the stored log is checked with), its
 * bots and its invariants. The registry gives one per game; the driver and `simulate` know no game.
 */
export interface SimulatedGame {
  readonly module: AnyGameModule;
  /** The ruleset names `--ruleset` takes, the default first. */
  readonly rulesets: readonly string[];
  /** The `--format` texts it reads, for the help and its errors (e.g. `fixedDeals:N`). */
  readonly formats: string;
  readonly defaultFormat: string;
  /** `--format` text to the game's match format; throws an error naming `--format`. */
  parseFormat(text: string): unknown;
  /** The body of the create request (the game's setup), without the match id and table. */
  setup(setup: SimulatedMatchSetup): Record<string, unknown>;
  /**
   * The next command a bot (or, between deals, the dealer) sends, in its client form, or null once
   * the match is over. `seed` is the match's: deals name seeds drawn from it, so a run replays.
   */
  nextCommand(state: unknown, prng: Prng, match: SimulatedMatchSetup): Record<string, unknown> | null;
  /** The invariant check for one match (run after each of its events when checks are on). */
  invariants(): InvariantCheck;
  /** Whether this event ends a deal (the report counts deals). */
  endsDeal(event: GameEvent): boolean;
}
