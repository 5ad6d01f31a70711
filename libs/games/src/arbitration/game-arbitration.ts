import type { GameEvent } from '@tablecast/game-kit';
import type { correctionsForRemedy } from './guandan-remedies';

/** A log re-decided by the rules engine: its final state, or the first event it would not have written. */
export type Redecided =
  | { readonly ok: true; readonly state: unknown }
  | {
      readonly ok: false;
      /** Index, among the game events re-decided, of the first one the engine would not have produced. */
      readonly index: number;
      readonly rule: string;
      readonly message: string;
      readonly messageZh: string;
      readonly state: unknown;
    };

/**
 * What arbitration asks of a game beyond its module: its part of the arbiters' replay, and the
 * optional capabilities (a "what if" sandbox that re-decides a log; the corrections a ruling's
 * remedy orders) of a game whose rules define them. A game without one is answered a clear error.
 */
export interface GameArbitration {
  /** The game's part of the replay at a position, from the staff's state there (every hand visible). */
  replayDetail(state: unknown): Readonly<Record<string, unknown>>;
  readonly sandbox?: {
    /** The game's events, in order, re-decided from the start (each turned back into its command). */
    redecide(events: readonly GameEvent[]): Redecided;
    /** The final standing the sandbox compares (Guandan: the levels and the result). */
    finals(state: unknown): { readonly levels: unknown; readonly result: unknown };
  };
  /** The corrections a ruling's remedy orders (GD-APL-3), as ResultCorrected data. */
  readonly remedies?: typeof correctionsForRemedy;
}
