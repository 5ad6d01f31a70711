import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { evolve, initialState, type GuandanEvent, type MatchState } from '@tablecast/guandan';
import type { CommandAccepted } from '@tablecast/protocol';

/** A match's decision state as folded from its stream, with what is needed to answer retries. */
export interface LoadedMatch {
  readonly matchId: string;
  readonly table: string;
  readonly state: MatchState;
  /** Revision of the stream's last event. */
  readonly revision: number;
  /** Accepted commands by idempotency key, rebuilt from the events' causation ids. */
  readonly results: ReadonlyMap<string, CommandAccepted>;
}

export const COMMAND_CAUSATION_PREFIX = 'command:';

/** Folds recorded events into a LoadedMatch (or extends one), the same way at load and after an append. */
export function foldMatch(
  matchId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
  from?: LoadedMatch,
): LoadedMatch | undefined {
  let state = from?.state ?? initialState();
  let table = from?.table;
  let revision = from?.revision ?? -1;
  const results = new Map(from?.results ?? []);
  for (const event of events) {
    if (!isGuandanEvent(event)) continue;
    if (event.type === 'MatchCreated') table = event.data.table;
    state = evolve(state, event);
    revision = event.revision;
    const key = commandKey(event.metadata.causationId);
    if (key) {
      const previous = results.get(key);
      results.set(key, {
        matchId,
        revision: event.revision,
        position: positionToString(event.position),
        events: [...(previous?.events ?? []), { type: event.type, revision: event.revision }],
        replayed: true,
      });
    }
  }
  if (table === undefined) return undefined;
  return { matchId, table, state, revision, results };
}

function commandKey(causationId: string | null): string | undefined {
  return causationId?.startsWith(COMMAND_CAUSATION_PREFIX)
    ? causationId.slice(COMMAND_CAUSATION_PREFIX.length)
    : undefined;
}

function isGuandanEvent(event: TablecastEvent): event is GuandanEvent & TablecastEvent {
  return !['AppealFiled', 'RulingIssued', 'ResultCorrected'].includes(event.type);
}
