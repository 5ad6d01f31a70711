import type { RecordedEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { foldMatch, gameEventsInEffect, type AnyGameModule, type GameEvent } from '@tablecast/game-kit';
import type { GameArbitration } from '@tablecast/games';

/** The outcome of replaying the log with one event substituted, in memory only. */
export interface SandboxOutcome {
  /** The whole log with the substitution, as a stream the rules engine re-decides (GD-PLAY-10). */
  readonly consistent: boolean;
  /** The first recorded event the engine would no longer have produced after the substitution. */
  readonly brokenAt: {
    readonly revision: number;
    readonly rule: string;
    readonly message: string;
    readonly messageZh: string;
  } | null;
  /** The state just after the substituted event. */
  readonly stateAtPosition: unknown;
  /** The state at the end of the re-decided log (up to the first broken event, if any). */
  readonly finalState: unknown;
}

/** A game that can re-decide its log: its module, and its arbitration's sandbox. */
export interface SandboxGame {
  readonly module: AnyGameModule;
  readonly redecide: NonNullable<GameArbitration['sandbox']>['redecide'];
}

/**
 * "What if": the match log with the event at `position` replaced by `substitute`, folded and
 * re-decided by the rules engine (the game's `redecide` turns each event back into its command),
 * never appended. Keying-corrected (retracted) events are left out, as in every fold.
 */
export function runSandbox(
  game: SandboxGame,
  events: readonly RecordedEvent<TablecastEvent>[],
  position: number,
  substitute: GameEvent,
): SandboxOutcome {
  const substituted = events.map((event) =>
    event.revision === position ? { ...event, type: substitute.type, data: substitute.data } : event,
  ) as RecordedEvent<TablecastEvent>[];
  const inEffect = gameEventsInEffect(game.module, substituted);
  const result = game.redecide(inEffect.map((event) => ({ type: event.type, data: event.data })));
  const stateAtPosition = foldMatch(game.module, substituted.slice(0, position + 1));
  if (result.ok) return { consistent: true, brokenAt: null, stateAtPosition, finalState: result.state };
  return {
    consistent: false,
    brokenAt: {
      revision: inEffect[result.index]?.revision ?? -1,
      rule: result.rule,
      message: result.message,
      messageZh: result.messageZh,
    },
    stateAtPosition,
    finalState: result.state,
  };
}
