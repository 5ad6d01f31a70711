import type { StoredEvent } from '../port';
import { positionToString, type Position } from '../position';
import { eventHash } from './hash';

export type BrokenLinkKind =
  /** The event's content no longer matches its own hash: it was edited. */
  | 'hash-mismatch'
  /** prevHash does not name the previous event: an event was removed, inserted or rewritten before it. */
  | 'prev-hash-mismatch'
  /** Revisions skip or repeat. */
  | 'revision-gap'
  /** The envelope cannot even be hashed (missing fields, non-JSON data). */
  | 'unreadable'
  /** The stream ends before its recorded head: its last events were deleted (see heads.ts). */
  | 'truncated'
  /** The stream's last event is not its recorded head: a rewritten tail, or events added around the store. */
  | 'head-mismatch'
  /** The stream has events but no recorded head: the head record was deleted. */
  | 'head-missing';

export interface BrokenLink {
  readonly stream: string;
  readonly revision: number;
  /** The position as text (see positionToString). */
  readonly position: string;
  readonly kind: BrokenLinkKind;
  readonly expected: string;
  readonly actual: string;
}

export type VerifyResult =
  | { readonly ok: true; readonly events: number; readonly streams: number }
  | { readonly ok: false; readonly events: number; readonly brokenLink: BrokenLink };

export function describeBrokenLink(link: BrokenLink): string {
  return `${link.stream}@${link.revision} (position ${link.position}): ${link.kind}, expected ${link.expected}, found ${link.actual}`;
}

/**
 * Checks events one at a time in log order, remembering each stream's head, so `tablecast verify`
 * can stream a million events without holding them.
 */
/** The last verified event of a stream. */
export interface ChainHead {
  readonly revision: number;
  readonly hash: string;
  readonly position: Position;
}

export class ChainVerifier {
  private readonly heads = new Map<string, ChainHead>();
  private count = 0;

  get events(): number {
    return this.count;
  }

  get streams(): number {
    return this.heads.size;
  }

  /** Each stream's last verified event, to compare with its recorded head. */
  get lastEvents(): ReadonlyMap<string, ChainHead> {
    return this.heads;
  }

  /** Returns the broken link this event reveals, if any. */
  push(event: StoredEvent): BrokenLink | undefined {
    this.count += 1;
    const head = this.heads.get(event.stream);
    const link = (kind: BrokenLinkKind, expected: string, actual: string): BrokenLink => ({
      stream: event.stream,
      revision: event.revision,
      position: positionToString(event.position),
      kind,
      expected,
      actual,
    });
    const expectedRevision = head === undefined ? 0 : head.revision + 1;
    if (event.revision !== expectedRevision) {
      return link('revision-gap', `revision ${expectedRevision}`, `revision ${event.revision}`);
    }
    const expectedPrev = head?.hash ?? null;
    if (event.metadata.prevHash !== expectedPrev) {
      return link(
        'prev-hash-mismatch',
        `prevHash ${String(expectedPrev)}`,
        `prevHash ${String(event.metadata.prevHash)}`,
      );
    }
    let recomputed: string;
    try {
      recomputed = eventHash(event);
    } catch (error) {
      return link(
        'unreadable',
        'a hashable envelope',
        error instanceof Error ? error.message : String(error),
      );
    }
    if (recomputed !== event.metadata.hash) {
      return link('hash-mismatch', `hash ${recomputed}`, `hash ${event.metadata.hash}`);
    }
    this.heads.set(event.stream, {
      revision: event.revision,
      hash: event.metadata.hash,
      position: event.position,
    });
    return undefined;
  }

  result(brokenLink?: BrokenLink): VerifyResult {
    return brokenLink === undefined
      ? { ok: true, events: this.count, streams: this.heads.size }
      : { ok: false, events: this.count, brokenLink };
  }
}

/** Verifies one stream's events, given in revision order from revision 0. */
export function verifyStream(stream: string, events: Iterable<StoredEvent>): VerifyResult {
  const list = [...events]; // once: `events` may be a one-shot iterator
  const foreign = list.find((event) => event.stream !== stream);
  if (foreign !== undefined)
    throw new RangeError(`verifyStream(${stream}) was given an event of ${foreign.stream}`);
  return verifyAll(list);
}

/** Verifies the whole log, given in global order; each stream is chained independently. */
export function verifyAll(events: Iterable<StoredEvent>): VerifyResult {
  const verifier = new ChainVerifier();
  for (const event of events) {
    const broken = verifier.push(event);
    if (broken !== undefined) return verifier.result(broken);
  }
  return verifier.result();
}

/** The same over an async source such as `EventLog.readAll()`. */
export async function verifyAllAsync(events: AsyncIterable<StoredEvent>): Promise<VerifyResult> {
  const verifier = new ChainVerifier();
  for await (const event of events) {
    const broken = verifier.push(event);
    if (broken !== undefined) return verifier.result(broken);
  }
  return verifier.result();
}
