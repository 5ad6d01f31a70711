import { arbitrationRulesFor, checkScoreCorrectionWindow } from '@tablecast/arbitration';
import type { RecordedEvent } from '@tablecast/event-store';
import type { ResultCorrected, TablecastEvent } from '@tablecast/events';
import { IdempotencyKeyReusedError } from '../idempotency/idempotency-key-reused.error';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { matchLogOf, type MatchLog } from './match-log';

/** A score correction's events carry the client's key as their causation id ... */
const KEY_CAUSATION_PREFIX = 'score-correction:';
/** ... and the fingerprint of the request that first carried it as their correlation id. */
const REQUEST_CORRELATION_PREFIX = 'request:';

/** A score correction sent with an `Idempotency-Key` (keys per match), and its request's fingerprint. */
export interface KeyedCorrection {
  readonly key: string;
  readonly fingerprint: string;
}

export interface CorrectionRequest {
  readonly kind: 'recording-error' | 'entry-error';
  readonly handNumber: number;
  readonly levelsAfter: { readonly NS: number; readonly EW: number };
  readonly note: string;
  readonly revision?: number | undefined;
}

export function keyedCorrection(matchId: string, key: string, request: CorrectionRequest): KeyedCorrection {
  return {
    key,
    // As parsed (the note trimmed); the revision the sender acted on counts, as a command's does.
    fingerprint: requestFingerprint({ matchId, ...request, revision: request.revision ?? null }),
  };
}

/** What the keyed correction's events carry, so a resend is recognised from the log alone, after a restart or on another process. */
export function keyedTrace(keyed: KeyedCorrection): { correlationId: string; causationId: string } {
  return {
    correlationId: `${REQUEST_CORRELATION_PREFIX}${keyed.fingerprint}`,
    causationId: `${KEY_CAUSATION_PREFIX}${keyed.key}`,
  };
}

/**
 * The correction id of a keyed correction, from its key and request: a resend decided again (two
 * processes sent it at once) decides the very events of the first, so a store that takes the
 * second batch for the first (by its ids) holds what both answered.
 */
export function keyedCorrectionId(keyed: KeyedCorrection): string {
  return `sc_${requestFingerprint({ key: keyed.key, fingerprint: keyed.fingerprint }).slice(0, 24)}`;
}

/**
 * The first answer to a keyed correction the log already holds: its corrections, and when the
 * window closed as it stood when they were written (the facts of the log before them, and the next
 * pairings if they were out by then). Undefined when the key is new to the match; the key on
 * another request is refused (409 naming the header) and nothing is written.
 */
export function recordedCorrection(
  matchId: string,
  log: readonly RecordedEvent<TablecastEvent>[],
  keyed: KeyedCorrection,
  nextPairingsPublishedAt: number | null,
): { corrections: ResultCorrected['data'][]; windowClosesAt: number | null } | undefined {
  const trace = keyedTrace(keyed);
  const written = log.filter((event) => event.metadata.causationId === trace.causationId);
  const first = written[0];
  if (first === undefined) return undefined;
  if (first.metadata.correlationId !== trace.correlationId)
    throw new IdempotencyKeyReusedError('Idempotency-Key', keyed.key);
  const corrections = written.flatMap((event) => (event.type === 'ResultCorrected' ? [event.data] : []));
  const before = matchLogOf(matchId, log.slice(0, first.revision));
  const at = Date.parse(first.metadata.recordedAt);
  const window = checkScoreCorrectionWindow(
    arbitrationRulesFor(before.ruleset),
    corrections[0]?.reason === 'entry-error' ? 'entry-error' : 'recording-error',
    {
      playersLeftAt: playersLeftAt(before),
      nextPairingsPublishedAt:
        nextPairingsPublishedAt !== null && nextPairingsPublishedAt <= at ? nextPairingsPublishedAt : null,
      now: at,
    },
  );
  return { corrections, windowClosesAt: 'closesAt' in window ? window.closesAt : null };
}

/** GD-VAR-003-16: when the players left the table, as the log recorded it (null: still there). */
export function playersLeftAt(log: MatchLog): number | null {
  const left = log.events.find((event) => event.type === 'PlayersLeftTable');
  return left ? Date.parse(left.metadata.recordedAt) : null;
}
