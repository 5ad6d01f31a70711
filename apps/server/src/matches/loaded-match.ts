import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import { gameEventType, type TablecastEvent } from '@tablecast/events';
import {
  extendFold,
  foldMatch as foldGame,
  gameOfMatch,
  needsRefold,
  type AnyGameModule,
  type FoldVisitor,
  type GameEvent,
} from '@tablecast/game-kit';
import { gameModule, gameWire } from '@tablecast/games';
import type { CommandAccepted } from '@tablecast/protocol';

/** A keying correction the operator asked for and the referee has not yet decided. */
export interface PendingCorrection {
  readonly correctionId: string;
  readonly toRevision: number;
}

/** A match's decision state as folded from its stream, with what is needed to answer retries. */
export interface LoadedMatch<S = unknown> {
  readonly matchId: string;
  readonly table: string;
  /** The game its MatchCreated names, and the module that decides and folds it. */
  readonly game: string;
  readonly module: AnyGameModule;
  /** The module's fold of the events in effect (confirmed corrections retract events; they stay in the log). */
  readonly state: S;
  /** Revision of the stream's last event. */
  readonly revision: number;
  /**
   * Accepted commands by idempotency key, rebuilt from the events' causation ids (the key) and
   * correlation ids (the request's fingerprint). One map per
   * cached match, extended in place as commands are accepted (copying it per command made each
   * command cost more than the last): an older snapshot may list newer keys, and only the newest
   * snapshot of a match is ever consulted for retries.
   */
  readonly results: ReadonlyMap<string, KeyedResult>;
  readonly pendingCorrection: PendingCorrection | null;
  /** Revision of the current deal's first event (a correction may not reach back before it). */
  readonly dealStartRevision: number | null;
}

/** What a retry of an idempotency key is answered with, and what it must resend to get it. */
export interface KeyedResult {
  readonly answer: CommandAccepted;
  /**
   * `requestFingerprint` of the first request's `{ matchId, revision, command }`; null for events
   * written before fingerprints were recorded, whose retries are answered unchecked.
   */
  readonly fingerprint: string | null;
}

/** An event this process has just appended: its data as decided and its stream revision. */
export type AppendedEvent = TablecastEvent & { readonly revision: number };

export const COMMAND_CAUSATION_PREFIX = 'command:';
/** A command's events carry its request's fingerprint as their correlation id, so it outlives a restart. */
export const REQUEST_CORRELATION_PREFIX = 'request:';

/** A confirmed correction retracts events: the state must then be folded again from the whole stream. */
export { needsRefold };

/** Folds a whole stream into a LoadedMatch (undefined while it has no MatchCreated). */
export function foldMatch(
  matchId: string,
  events: readonly RecordedEvent<TablecastEvent>[],
): LoadedMatch | undefined {
  const game = gameOfMatch(events[0]);
  if (game === undefined) return undefined;
  const module = gameModule(game);
  const facts = factsFrom(undefined);
  const state = foldGame(module, underGameNames(game, events), noteFacts(facts, game));
  const folded = { ...facts, state };
  if (folded.table === undefined) return undefined;
  const results = new Map<string, KeyedResult>();
  let pendingCorrection: PendingCorrection | null = null;
  for (const event of events) {
    pendingCorrection = correctionAfter(pendingCorrection, event);
    const key = commandKey(event.metadata.causationId);
    if (key) {
      const previous = results.get(key)?.answer;
      results.set(key, {
        answer: {
          matchId,
          revision: event.revision,
          position: positionToString(event.position),
          events: [
            ...(previous?.events ?? []),
            { type: event.type, revision: event.revision, data: event.data },
          ],
          replayed: true,
        },
        fingerprint: requestFingerprintOf(event.metadata.correlationId),
      });
    }
  }
  return {
    matchId,
    table: folded.table,
    game,
    module,
    state: folded.state,
    revision: events[events.length - 1]?.revision ?? -1,
    results,
    pendingCorrection,
    dealStartRevision: folded.dealStartRevision,
  };
}

/**
 * Extends a cached match (or starts one, for MatchCreated) with the events one command has just
 * appended, without reading them back: the answer the command got is recorded for retries of its
 * idempotency key exactly as `foldMatch` would rebuild it from the log. Not for events that
 * retract others (`needsRefold`): those need the whole stream.
 */
export function extendMatch(
  from: LoadedMatch | undefined,
  accepted: CommandAccepted,
  idempotencyKey: string,
  fingerprint: string,
  appended: readonly AppendedEvent[],
  /** The state the module's decider folded `appended` to (GameModule.decideFolded), if it did. */
  decided?: { readonly state: unknown },
): LoadedMatch | undefined {
  const game = from?.game ?? gameOfMatch(appended[0]);
  if (game === undefined) return undefined;
  const module = from?.module ?? gameModule(game);
  const facts = factsFrom(from);
  const events = underGameNames(game, appended);
  const note = noteFacts(facts, game);
  let state: unknown;
  if (decided === undefined) {
    state = extendFold(module, from?.state ?? module.initialState(), events, note);
  } else {
    // The decider's events are all its game's, and their facts read no state: noted, not folded again.
    for (const event of events) note(event, decided.state);
    state = decided.state;
  }
  const folded = { ...facts, state };
  if (folded.table === undefined) return undefined;
  const results = (from?.results as Map<string, KeyedResult> | undefined) ?? new Map();
  results.set(idempotencyKey, { answer: { ...accepted, replayed: true }, fingerprint });
  let pendingCorrection = from?.pendingCorrection ?? null;
  for (const event of appended) pendingCorrection = correctionAfter(pendingCorrection, event);
  return {
    matchId: accepted.matchId,
    table: folded.table,
    game,
    module,
    state: folded.state,
    revision: accepted.revision,
    results,
    pendingCorrection,
    dealStartRevision: folded.dealStartRevision,
  };
}

/** A match stream's events under the names its game's module folds (the log qualifies other games'). */
function underGameNames<X extends { readonly type: string }>(
  game: string,
  events: readonly X[],
): readonly X[] {
  // Most games' logs keep their events' own names: nothing to copy then.
  if (events.every((event) => gameEventType(game, event.type) === event.type)) return events;
  return events.map((event) => ({ ...event, type: gameEventType(game, event.type) }));
}

/** What the command path keeps beside the engine's state: the table, and where the current deal began. */
interface MatchFacts {
  table: string | undefined;
  dealStartRevision: number | null;
}

function factsFrom(from: LoadedMatch | undefined): MatchFacts {
  return { table: from?.table, dealStartRevision: from?.dealStartRevision ?? null };
}

function noteFacts(
  facts: MatchFacts,
  game: string,
): FoldVisitor<unknown, GameEvent & { readonly revision: number }> {
  // The event that opens a deal, for a game that takes keying corrections (they reach back to it).
  const dealStart = gameWire(game).keyingCorrections?.dealStartEvent;
  return (event) => {
    if (event.type === 'MatchCreated') facts.table = (event.data as { table: string }).table;
    if (event.type === dealStart) facts.dealStartRevision = event.revision;
  };
}

/** A match of the game the caller expects, its module's state typed; a match of another game is refused. */
export function matchOfGame<S>(match: LoadedMatch, game: string): LoadedMatch<S> {
  if (match.game !== game)
    throw new RangeError(`match ${match.matchId} is a ${match.game} match, not ${game}`);
  return match as LoadedMatch<S>;
}
function correctionAfter(pending: PendingCorrection | null, event: TablecastEvent): PendingCorrection | null {
  if (event.type === 'CorrectionRequested') {
    return { correctionId: event.data.correctionId, toRevision: event.data.toRevision };
  }
  if (event.type === 'CorrectionConfirmed' || event.type === 'CorrectionRejected') return null;
  return pending;
}

function requestFingerprintOf(correlationId: string): string | null {
  return correlationId.startsWith(REQUEST_CORRELATION_PREFIX)
    ? correlationId.slice(REQUEST_CORRELATION_PREFIX.length)
    : null;
}

function commandKey(causationId: string | null): string | undefined {
  return causationId?.startsWith(COMMAND_CAUSATION_PREFIX)
    ? causationId.slice(COMMAND_CAUSATION_PREFIX.length)
    : undefined;
}
