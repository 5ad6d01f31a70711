import type { RecordedEvent } from '@tablecast/event-store';
import { hasAppealTimes, type RulesetAppeals } from '@tablecast/arbitration';
import { matchStream, type EventReference, type TablecastEvent } from '@tablecast/events';
import { gameOfMatch } from '@tablecast/game-kit';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchNotFoundError, RequestValidationError } from '../matches/match.errors';

/** A match stream as the arbitration service reads it: every event, and the facts it needs. */
export interface MatchLog {
  readonly matchId: string;
  readonly table: string;
  /** The game its MatchCreated names. */
  readonly game: string;
  /** The ruleset MatchCreated recorded, with the appeal times arbitration reads (older matches get its defaulted fields on read). */
  readonly ruleset: RulesetAppeals;
  readonly events: readonly RecordedEvent<TablecastEvent>[];
  /** GD-APL-1: the end of the round, when the log recorded MatchEnded (ms); null while playing. */
  readonly roundEndedAt: number | null;
}

export async function readMatchLog(store: AppEventStore, matchId: string): Promise<MatchLog> {
  let events: readonly RecordedEvent<TablecastEvent>[];
  try {
    events = await store.readStream(matchStream(matchId));
  } catch (error) {
    // An id that cannot even name a stream names no match.
    if (error instanceof RangeError) throw new MatchNotFoundError(matchId);
    throw error;
  }
  return matchLogOf(matchId, events);
}

/** The arbitration's reading of a match stream already read (404 when it holds no match). */
export function matchLogOf(matchId: string, events: readonly RecordedEvent<TablecastEvent>[]): MatchLog {
  const created = events[0];
  const game = gameOfMatch(created);
  // Arbitration reads the appeal times the match's ruleset records (GD-APL-1/2): a stream whose
  // ruleset records none is no match to it.
  if (created?.type !== 'MatchCreated' || game === undefined || !hasAppealTimes(created.data.ruleset))
    throw new MatchNotFoundError(matchId);
  const ended = events.findLast((event) => event.type === 'MatchEnded');
  return {
    matchId,
    table: created.data.table,
    game,
    ruleset: created.data.ruleset,
    events,
    roundEndedAt: ended ? Date.parse(ended.metadata.recordedAt) : null,
  };
}

/** Stream + revision + hash of an event of the match, or a 400 naming `field` when there is none. */
export function referenceTo(log: MatchLog, revision: number, field: string): EventReference {
  const event = log.events[revision];
  if (event?.revision !== revision) {
    throw new RequestValidationError([
      {
        path: field,
        message: `match ${log.matchId} has no event at revision ${String(revision)} (last: ${String(log.events.length - 1)})`,
      },
    ]);
  }
  return { stream: event.stream, revision, hash: event.metadata.hash };
}

/** The hand numbers the log has started (HandStarted), for checking an appeal's hand. */
export function handsStarted(log: MatchLog): number {
  return log.events.filter((event) => event.type === 'HandStarted').length;
}
