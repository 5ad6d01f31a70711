import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, toErrorBody } from '../../errors/error-body';
import { PendingReads } from './pending-reads';
import type { FeedReadQuery } from './feeds-thread.protocol';
import { FeedsThreadUnavailableError } from './feeds-thread-unavailable.error';

const LISTING: FeedReadQuery = { method: 'watchListings', args: [] };
const LEDGER: FeedReadQuery = { method: 'ledger', args: ['m1'] };

/** Asks through a port that records what was posted and answers nothing by itself. */
function askRecorded(reads: PendingReads, query: FeedReadQuery) {
  const posted: { id: number; query: FeedReadQuery }[] = [];
  const answer = reads.ask(query, (id, asked) => posted.push({ id, query: asked }));
  const id = posted[0]?.id;
  if (id === undefined) throw new Error('nothing was posted');
  return { answer, id, posted };
}

describe('the reads asked of the feeds thread', () => {
  it('posts each read with an id of its own and resolves it with the answer of that id', async () => {
    const reads = new PendingReads(5_000);
    const first = askRecorded(reads, LISTING);
    const second = askRecorded(reads, LEDGER);
    expect(first.posted).toEqual([{ id: first.id, query: LISTING }]);
    expect(second.id).not.toBe(first.id);
    reads.answered(second.id, [{ seq: 1 }]);
    reads.answered(first.id, []);
    await expect(second.answer).resolves.toEqual([{ seq: 1 }]);
    await expect(first.answer).resolves.toEqual([]);
  });

  it('refuses a read not answered within its bound with a 503 and a Retry-After, and drops a late answer', async () => {
    const reads = new PendingReads(30);
    const { answer, id } = askRecorded(reads, LEDGER);
    const error = await answer.then(
      () => undefined,
      (refusal: unknown) => refusal,
    );
    expect(error).toBeInstanceOf(FeedsThreadUnavailableError);
    expect((error as Error).message).toBe('the feeds thread did not answer ledger within 30 ms; ask again');
    expect(toErrorBody(error, 'read')).toMatchObject({ statusCode: 503, code: 'feedsUnavailable' });
    expect(retryAfterSeconds(error)).toBe(1);
    expect(() => {
      reads.answered(id, null);
    }).not.toThrow();
  });

  it("passes on the thread's own failure to answer as an error naming the read, not as a 503", async () => {
    const reads = new PendingReads(5_000);
    const { answer, id } = askRecorded(reads, LISTING);
    reads.refused(id, 'SQLITE_CORRUPT: database disk image is malformed');
    const error = await answer.then(
      () => undefined,
      (refusal: unknown) => refusal,
    );
    expect(error).not.toBeInstanceOf(FeedsThreadUnavailableError);
    expect((error as Error).message).toBe(
      'the feeds thread could not answer watchListings: SQLITE_CORRUPT: database disk image is malformed',
    );
    expect(toErrorBody(error, 'read')).toBeUndefined();
  });

  it('refuses every read still waiting when the thread ends, naming why', async () => {
    const reads = new PendingReads(5_000);
    const listing = askRecorded(reads, LISTING);
    const ledger = askRecorded(reads, LEDGER);
    reads.failAll('exit code 1');
    await expect(listing.answer).rejects.toThrow(
      'the feeds thread ended (exit code 1) before it answered watchListings; ask again',
    );
    await expect(ledger.answer).rejects.toBeInstanceOf(FeedsThreadUnavailableError);
  });
});
