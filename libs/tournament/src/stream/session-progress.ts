import type { DuplicateRow } from '../duplicate/duplicate-standings';
import type { RoundState, TournamentState } from './state';
import { sessionAt, sessionsPerRound, streamRoundsOf, type RoundSession } from './table-sessions';
import { standingsAfterSession } from './table-standings';

/**
 * TRN-MOVE-6: a session (局) is over when every table seated for it has its result recorded; the
 * next session moves by the ranking after it, so it waits for that.
 */
export function sessionPlayed(round: RoundState): boolean {
  if (round.tables.size === 0) return false;
  for (const match of round.tables.keys()) if (!round.tableResults.has(match)) return false;
  return true;
}

/**
 * TRN-MOVE-6: the stream round (from 1) that played or plays `session` of `round`, or undefined
 * before it is paired: each session of a round of several is paired as a stream round of its own,
 * named by its round and session; a round of one session is its own stream round.
 */
export function streamRoundOfSession(
  state: TournamentState,
  round: number,
  session: number,
): number | undefined {
  if (state.created === null || sessionsPerRound(state.created) === 1)
    return session === 1 && round <= state.rounds.length ? round : undefined;
  const index = state.rounds.findIndex(
    (r) => r.paired.session?.round === round && r.paired.session.session === session,
  );
  return index === -1 ? undefined : index + 1;
}

/** The standings after one session of a round, or why there are none yet (the API's 400, 404 and 409). */
export type RoundSessionStandings =
  | { readonly kind: 'standings'; readonly streamRound: number; readonly rows: DuplicateRow[] }
  /** The event plays fewer sessions a round than the one asked for. */
  | { readonly kind: 'noSuchSession'; readonly sessions: number }
  /** The session has not been paired yet. */
  | { readonly kind: 'notPaired' }
  /** The session is paired and some of its tables have no result yet. */
  | { readonly kind: 'inPlay'; readonly recorded: number; readonly tables: number };

/**
 * TRN-MOVE-6: the standings after `session` of `round`, as the move that follows it reads them
 * (cumulative, or that session alone under `rankingBasis: lastSession`), once every table of the
 * session has its result.
 */
export function standingsAfterRoundSession(
  state: TournamentState,
  round: number,
  session: number,
): RoundSessionStandings {
  const sessions = state.created === null ? 1 : sessionsPerRound(state.created);
  if (session > sessions) return { kind: 'noSuchSession', sessions };
  const streamRound = streamRoundOfSession(state, round, session);
  const held = streamRound === undefined ? undefined : state.rounds[streamRound - 1];
  if (streamRound === undefined || held === undefined) return { kind: 'notPaired' };
  if (!sessionPlayed(held))
    return { kind: 'inPlay', recorded: held.tableResults.size, tables: held.tables.size };
  return { kind: 'standings', streamRound, rows: standingsAfterSession(state, streamRound) };
}

/**
 * TRN-MOVE-6: the session the event plays next, between two sessions: the last one paired has
 * every table's result and its stage has another to pair. Undefined while a session is played, once
 * the stage has played its last, and for an event whose rounds are one session each.
 */
export function nextSession(state: TournamentState): RoundSession | undefined {
  const { created, rounds } = state;
  const last = rounds.at(-1);
  if (created === null || last?.paired.session === undefined || !sessionPlayed(last)) return undefined;
  const stage = created.stages[last.stage - 1];
  if (stage === undefined) return undefined;
  const inStage = rounds.filter((r) => r.stage === last.stage).length;
  if (inStage >= streamRoundsOf(stage, created)) return undefined;
  return sessionAt(rounds.length, created);
}
