import type { ValidationIssue } from '@tablecast/events';

/**
 * What went wrong, as a client must react to it. The kind alone decides the HTTP status (and the
 * websocket `commandResult` status): see `error-body.ts`, the one place that maps it.
 * - malformed: the request itself is wrong (400, names the field);
 * - unauthenticated / forbidden: no or unknown token (401), a role or table that may not (403);
 * - notFound: no such match, appeal, OBS, scene, page or deal (404);
 * - conflict: a stale revision, a lost race, a reused idempotency key, a decision already made (409);
 * - gone: a read of a stream deleted in the event store (410): it will never be there again;
 * - tooLarge: a write bigger than the event store takes in one append (413);
 * - ruleViolation: the rules forbid it; the body names the rule ID (422);
 * - upstreamRefused: OBS answered with a failure (502);
 * - unavailable: OBS or the event store is down or did not answer (503).
 */
export type ErrorKind =
  | 'malformed'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'gone'
  | 'tooLarge'
  | 'ruleViolation'
  | 'upstreamRefused'
  | 'unavailable';

/** The fields an error body may carry besides its status, label and message. */
export interface ErrorDetails {
  /** The rule ID a rule violation breaches (GD-*, DEC-*). */
  readonly rule?: string;
  /**
   * What was refused, as a code a client words in its language, for a refusal no field path or
   * rule ID tells apart (a stale rundown, a proposal already taken).
   */
  readonly code?: string;
  readonly messageZh?: string;
  /** Every offending field of a malformed request (with the validation's issue code when it has one). */
  readonly issues?: readonly (ValidationIssue & { readonly code?: string })[];
  /** The revision a stale writer must catch up with. */
  readonly currentRevision?: number;
}

/** An error the edge answers as a refusal, not a 500: every domain error of the server is one. */
export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;

  /** The body's `error` label where a client tells this refusal apart from others of its kind. */
  get label(): string | undefined {
    return undefined;
  }

  /** A temporary refusal's `Retry-After` in seconds: how soon the same request may succeed. */
  get retryAfterSeconds(): number | undefined {
    return undefined;
  }

  /** What the body carries besides the message. */
  details(): ErrorDetails {
    return {};
  }
}
