import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import { effectiveEvents, type TablecastEvent } from '@tablecast/events';
import {
  evolve,
  guandanEventTypes,
  initialState,
  type GuandanEvent,
  type MatchState,
} from '@tablecast/guandan';
import type { CommandAccepted } from '@tablecast/protocol';

/** A keying correction the operator asked for and the referee has not yet decided. */
export interface PendingCorrection {
  readonly correctionId: string;
  readonly toRevision: number;
}

/** A match's decision state as folded from its stream, with what is needed to answer retries. */
export interface LoadedMatch {
  readonly matchId: string;
  readonly table: string;
  /** The fold of the events in effect (confirmed corrections retract events; they stay in the log). */
  readonly state: MatchState;
  /** Revision of the stream's last event. */
  readonly revision: number;
  /** Accepted commands by idempotency key, rebuilt from the events' causation ids. */
  readonly results: ReadonlyMap<string, CommandAccepted>;
  readonly pendingCorrection: PendingCorrection | null;
  /** Revision of the current deal's first event (a correction may not reach back before it). */
  readonly dealStartRevision: number | null;
  /** Every event of the stream, kept to re-fold when a correction is confirmed. */
  readonly history: readonly RecordedEvent<TablecastEvent>[];
}

export const COMMAND_CAUSATION_PREFIX = 'command:';

const guandanTypes = new Set<string>(guandanEventTypes);

export function isGuandanEvent(event: TablecastEvent): event is TablecastEvent & GuandanEvent {
  return guandanTypes.has(event.type);
}

/**
 * Folds a stream into a LoadedMatch, or extends one with newly appended events. A confirmed
 * correction among the new events means a re-fold of the whole history without the retracted ones.
 */
export function foldMatch(
  matchId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
  from?: LoadedMatch,
): LoadedMatch | undefined {
  const history = [...(from?.history ?? []), ...events];
  const refold = from === undefined || events.some((event) => event.type === 'CorrectionConfirmed');
  const inEffect = refold ? effectiveEvents(history) : events;
  let state = refold ? initialState() : from.state;
  let table = from?.table;
  let dealStartRevision = refold ? null : from.dealStartRevision;
  for (const event of inEffect) {
    if (!isGuandanEvent(event)) continue;
    if (event.type === 'MatchCreated') table = event.data.table;
    if (event.type === 'HandStarted') dealStartRevision = event.revision;
    state = evolve(state, event);
  }
  if (table === undefined) return undefined;
  const results = new Map(from?.results ?? []);
  let pendingCorrection = from?.pendingCorrection ?? null;
  for (const event of events) {
    if (event.type === 'CorrectionRequested') {
      pendingCorrection = { correctionId: event.data.correctionId, toRevision: event.data.toRevision };
    } else if (event.type === 'CorrectionConfirmed' || event.type === 'CorrectionRejected') {
      pendingCorrection = null;
    }
    const key = commandKey(event.metadata.causationId);
    if (key) {
      const previous = results.get(key);
      results.set(key, {
        matchId,
        revision: event.revision,
        position: positionToString(event.position),
        events: [
          ...(previous?.events ?? []),
          { type: event.type, revision: event.revision, data: event.data },
        ],
        replayed: true,
      });
    }
  }
  const revision = history[history.length - 1]?.revision ?? -1;
  return { matchId, table, state, revision, results, pendingCorrection, dealStartRevision, history };
}

function commandKey(causationId: string | null): string | undefined {
  return causationId?.startsWith(COMMAND_CAUSATION_PREFIX)
    ? causationId.slice(COMMAND_CAUSATION_PREFIX.length)
    : undefined;
}
