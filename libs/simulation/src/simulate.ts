import { canonicalJson, type EventStore } from '@tablecast/event-store';
import { matchStream, type TablecastEvent } from '@tablecast/events';
import { foldMatch } from '@tablecast/game-kit';
import {
  guandanModule,
  type GuandanEvent,
  type MatchFormat,
  type MatchState,
  type RulesetName,
} from '@tablecast/guandan';
import type { MatchCommands } from './match-commands';
import { driveMatch } from './bot-driver';
import { InvariantChecker } from './invariants';

export interface SimulationOptions {
  readonly matches: number;
  readonly ruleset: RulesetName;
  readonly format: MatchFormat;
  readonly seed: string;
  readonly delayMs?: number;
  /** Check the invariants after every event (reads each command's events back from the log). */
  readonly checkInvariants?: boolean;
  readonly onMatchDone?: (done: number, matchId: string, state: MatchState) => void;
}

export interface SimulationReport {
  readonly matches: number;
  readonly commands: number;
  readonly events: number;
  readonly hands: number;
  readonly problems: readonly string[];
}

/**
 * Plays `matches` matches with bots through the match service, one after another, and (optionally)
 * checks the invariants after every event and that the stored log folds to the served state.
 */
export async function simulate(
  service: MatchCommands,
  store: EventStore<TablecastEvent>,
  options: SimulationOptions,
): Promise<SimulationReport> {
  let commands = 0;
  let events = 0;
  let hands = 0;
  const problems: string[] = [];
  for (let m = 1; m <= options.matches; m += 1) {
    const matchId = `sim_${options.seed.replace(/[^A-Za-z0-9_.:]/g, '_')}_${String(m)}`;
    const checker = new InvariantChecker();
    const final = await driveMatch(service, {
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
    // Read the whole log back: every event checked in order, and the fold must equal the served state.
    const folded = foldMatch(
      guandanModule,
      await store.readStream(matchStream(matchId)),
      (recorded, after) => {
        events += 1;
        const event = recorded as unknown as GuandanEvent;
        if (event.type === 'HandEnded') hands += 1;
        if (options.checkInvariants) {
          for (const problem of checker.observe(event, after))
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
