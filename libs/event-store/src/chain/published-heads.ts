import type { StoredEvent } from '../port';
import { positionToString } from '../position';
import type { StreamHead } from './heads';
import type { BrokenLink } from './verify';

/**
 * Stream heads handed out of the operator's reach (to the arbitration committee, or published next
 * to the feed): `tablecast verify --write-heads` writes them after an intact check, `--heads`
 * checks a later log against them. Unlike the heads kept in the store, a published head is a
 * point the stream must still pass through: the log may have grown since, never shrunk or forked.
 */
export interface PublishedHeads {
  readonly format: 'tablecast-stream-heads/1';
  /** The log they were taken from, for the reader (not checked). */
  readonly log: string;
  readonly writtenAt: string;
  readonly heads: readonly StreamHead[];
}

export function publishedHeads(log: string, writtenAt: Date, heads: readonly StreamHead[]): PublishedHeads {
  return { format: 'tablecast-stream-heads/1', log, writtenAt: writtenAt.toISOString(), heads };
}

const hexDigest = /^[0-9a-f]{64}$/;

/** Reads a heads file's JSON; a malformed one is refused with the field named. */
export function parsePublishedHeads(
  json: unknown,
): { ok: true; heads: StreamHead[] } | { ok: false; error: string } {
  if (typeof json !== 'object' || json === null) return { ok: false, error: '(root): expected an object' };
  const { format, heads } = json as { format?: unknown; heads?: unknown };
  if (format !== 'tablecast-stream-heads/1') {
    return {
      ok: false,
      error: `format: expected "tablecast-stream-heads/1", found ${JSON.stringify(format)}`,
    };
  }
  if (!Array.isArray(heads)) return { ok: false, error: 'heads: expected an array' };
  const parsed: StreamHead[] = [];
  for (const [index, item] of (heads as unknown[]).entries()) {
    const { stream, revision, hash } = (typeof item === 'object' && item !== null ? item : {}) as Partial<
      Record<keyof StreamHead, unknown>
    >;
    if (typeof stream !== 'string' || stream === '') {
      return { ok: false, error: `heads[${index}].stream: expected a stream name` };
    }
    if (typeof revision !== 'number' || !Number.isSafeInteger(revision) || revision < 0) {
      return { ok: false, error: `heads[${index}].revision: expected a revision (integer ≥ 0)` };
    }
    if (typeof hash !== 'string' || !hexDigest.test(hash)) {
      return { ok: false, error: `heads[${index}].hash: expected a lowercase hex SHA-256 digest` };
    }
    parsed.push({ stream, revision, hash });
  }
  return { ok: true, heads: parsed };
}

/**
 * Checks that the stream still holds its published head: `atRevision` is the stream's event at the
 * head's revision (undefined if there is none), `last` its last event. With the chain verified
 * from revision 0, a matching event there vouches for everything up to the published head.
 */
export function checkPublishedHead(
  head: StreamHead,
  atRevision: StoredEvent | undefined,
  last: StoredEvent | undefined,
): BrokenLink | undefined {
  const expected = `published head at revision ${head.revision} with hash ${head.hash}`;
  if (atRevision?.revision !== head.revision) {
    return {
      stream: head.stream,
      revision: last?.revision ?? head.revision,
      position: last === undefined ? 'none' : positionToString(last.position),
      kind: 'truncated',
      expected,
      actual: last === undefined ? 'no events' : `last event at revision ${last.revision}`,
    };
  }
  if (atRevision.metadata.hash !== head.hash) {
    return {
      stream: head.stream,
      revision: atRevision.revision,
      position: positionToString(atRevision.position),
      kind: 'head-mismatch',
      expected,
      actual: `hash ${atRevision.metadata.hash}`,
    };
  }
  return undefined;
}
