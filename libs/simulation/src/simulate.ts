import { canonicalJson, type EventStore } from '@tablecast/event-store';
import { gameEventType, matchStream, type TablecastEvent } from '@tablecast/events';
import { foldMatch, type GameEvent } from '@tablecast/game-kit';
import type { MatchCommands } from './match-commands';
import { playMatch } from './play-match';
import type { SimulatedGame } from './simulated-game';

export interface SimulationOptions {
  readonly game: SimulatedGame;
  readonly matches: number;
  readonly ruleset: string;
  /** The game's match format, as its `parseFormat` read it. */
  readonly format: unknown;
  readonly seed: string;
  readonly delayMs?: number;
  /** Check the invariants after every event (reads each match's events back from the log). */
  readonly checkInvariants?: boolean;
  readonly onMatchDone?: (done: number, matchId: string, state: unknown) => void;
}

export interface SimulationReport {
  readonly matches: number;
  readonly commands: number;
  readonly events: number;
  readonly hands: number;
  readonly problems: readonly string[];
}

/**
 * Plays `matches` matches of one game with its bots through the match service, one after another,
 * and (optionally) checks the game's invariants after every event and that the stored log folds to
 * the served state.
 */
export async function simulate(
  service: MatchCommands,
  store: EventStore<TablecastEvent>,
  options: SimulationOptions,
): Promise<SimulationReport> {
  const { game } = options;
  const id = game.module.id;
  let commands = 0;
  let events = 0;
  let hands = 0;
  const problems: string[] = [];
  for (let m = 1; m <= options.matches; m += 1) {
    const matchId = `sim_${options.seed.replace(/[^A-Za-z0-9_.:]/g, '_')}_${String(m)}`;
    const check = game.invariants();
    const final = await playMatch(service, game, {
      matchId,
      table: `sim-${String(m)}`,
      seed: `${options.seed}/${String(m)}`,
      ruleset: options.ruleset,
      format: options.format,
      delayMs: options.delayMs,
      onCommand: () => {
        commands += 1;
      },
    });
    // Read the whole log back: every event checked in order, and the fold must equal the served
    // state. Another game's events are stored under qualified names; the module folds its own.
    const stored = await store.readStream(matchStream(matchId));
    const log = stored.map((recorded) => ({ ...recorded, type: gameEventType(id, recorded.type) }));
    const folded = foldMatch(
      game.module,
      log,
      (recorded, after) => {
        events += 1;
        const event = recorded as unknown as GameEvent;
        if (game.endsDeal(event)) hands += 1;
        if (options.checkInvariants) {
          for (const problem of check(event, after))
            problems.push(`${matchId}@${String(recorded.revision)}: ${problem}`);
        }
      },
      () => {
        events += 1;
      },
    );
    // Compared as canonical JSON (keys sorted): the served state folds the events as the engine
    // decided them, the stored log holds them as validated and stored, with keys in another order.
    if (canonicalJson(folded) !== canonicalJson(final))
      problems.push(`${matchId}: the stored log does not fold to the served state`);
    options.onMatchDone?.(m, matchId, final);
  }
  return { matches: options.matches, commands, events, hands, problems };
}
