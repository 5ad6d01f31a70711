import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, expect, it, vi } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { AppendTooLargeError, LogUnavailableError, StreamDeletedError } from '../errors';
import { kurrentClient } from './client-library';
import { KurrentDbEventLog } from './kurrentdb-event-log';

const URL_WITH_CREDENTIALS = 'kurrentdb://admin:changeit@node-1:2113?tls=false';
const STORE = 'KurrentDB kurrentdb://***@node-1:2113?tls=false';

/** gRPC status codes, as the server's failures carry them (grpc-js `status`). */
const DEADLINE_EXCEEDED = 4;
const FAILED_PRECONDITION = 9;
const UNAVAILABLE = 14;

/**
 * A failure as the server's gRPC answer carries it, turned into the client library's error the
 * way the client itself does (`convertToCommandError`, by the `exception` metadata, else by status).
 */
function clientError(code: number, metadata: Record<string, string> = {}): Error {
  const serviceError = Object.assign(new Error(`${String(code)} ${metadata.exception ?? 'failure'}`), {
    code,
    details: metadata.exception ?? 'failure',
    metadata: { getMap: () => metadata },
  });
  return kurrentClient().convertToCommandError(serviceError);
}

const notLeader = (): Error =>
  clientError(FAILED_PRECONDITION, {
    exception: 'not-leader',
    'leader-endpoint-host': 'node-2',
    'leader-endpoint-port': '2113',
  });

/**
 * The client library's KurrentDBClient, faked: reads yield nothing (a new stream) and appends
 * succeed at revision 0, unless a failure is set for that kind of call.
 */
class FakeClient {
  readFailure: Error | undefined;
  appendFailure: Error | undefined;
  appends = 0;
  reads = 0;

  async appendToStream(): Promise<unknown> {
    await Promise.resolve();
    if (this.appendFailure !== undefined) throw this.appendFailure;
    this.appends += 1;
    return { success: true, nextExpectedRevision: 0n, position: { commit: 10n, prepare: 10n } };
  }

  readStream(): AsyncIterable<unknown> {
    return this.reading();
  }

  readAll(): AsyncIterable<unknown> {
    return this.reading();
  }

  async dispose(): Promise<void> {
    await Promise.resolve();
  }

  private async *reading(): AsyncIterable<unknown> {
    this.reads += 1;
    await Promise.resolve();
    if (this.readFailure !== undefined) throw this.readFailure;
    yield* [];
  }
}

function logOn(client: FakeClient): KurrentDbEventLog {
  return new KurrentDbEventLog(URL_WITH_CREDENTIALS, client as unknown as KurrentDBClient);
}

/** What `promise` rejected with (the test fails if it resolved). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error,
  );
}

describe('the KurrentDB log turns the client library failures into the store-neutral errors', () => {
  it('an append the node refuses as not the leader is LogUnavailableError (notLeader, retry after 1 s), naming the store without the credentials', async () => {
    const client = new FakeClient();
    client.appendFailure = notLeader();
    const error = await rejection(logOn(client).append('match-k1', [numberedPass(0, 'k')], 'any'));
    expect(error).toBeInstanceOf(LogUnavailableError);
    const unavailable = error as LogUnavailableError;
    expect([unavailable.reason, unavailable.retryAfterSeconds, unavailable.store]).toEqual([
      'notLeader',
      1,
      STORE,
    ]);
    expect(unavailable.message).toBe(
      `${STORE} is unavailable (notLeader): the request was not done, send the same request again`,
    );
    expect(unavailable.message).not.toContain('changeit');
    expect(unavailable.cause).toBeInstanceOf(kurrentClient().NotLeaderError);
  });

  it('an unreachable store on the head read ends the append before anything is sent (unavailable, retry after 2 s)', async () => {
    const client = new FakeClient();
    client.readFailure = clientError(UNAVAILABLE);
    const error = await rejection(logOn(client).append('match-k1', [numberedPass(0, 'k')], 'any'));
    expect(error).toMatchObject({ name: 'LogUnavailableError', reason: 'unavailable', retryAfterSeconds: 2 });
    expect(client.appends).toBe(0);
  });

  it('a deadline exceeded on a stream read, a $all read and the head read is LogUnavailableError (deadlineExceeded)', async () => {
    const client = new FakeClient();
    client.readFailure = clientError(DEADLINE_EXCEEDED);
    const log = logOn(client);
    const reads: (() => Promise<unknown>)[] = [
      () => log.readStream('match-k1'),
      () => log.readAll()[Symbol.asyncIterator]().next(),
      () => log.headPosition(),
    ];
    for (const read of reads) {
      expect(await rejection(read())).toMatchObject({
        name: 'LogUnavailableError',
        reason: 'deadlineExceeded',
        retryAfterSeconds: 1,
      });
    }
  });

  it('a deleted stream is StreamDeletedError naming it, an append over the maximum size AppendTooLargeError with the limit', async () => {
    const client = new FakeClient();
    client.appendFailure = clientError(FAILED_PRECONDITION, {
      exception: 'stream-deleted',
      'stream-name': 'match-k1',
    });
    const deleted = await rejection(logOn(client).append('match-k1', [numberedPass(0, 'k')], 'any'));
    expect(deleted).toBeInstanceOf(StreamDeletedError);
    expect((deleted as StreamDeletedError).stream).toBe('match-k1');

    client.appendFailure = clientError(3, {
      exception: 'maximum-append-size-exceeded',
      'maximum-append-size': '1048576',
    });
    const large = await rejection(logOn(client).append('match-k1', [numberedPass(0, 'k')], 'any'));
    expect(large).toBeInstanceOf(AppendTooLargeError);
    expect(large).toMatchObject({ stream: 'match-k1', maxBytes: 1_048_576 });
  });

  it('any other client failure passes through as it is (the edge answers 500 and logs it)', async () => {
    const client = new FakeClient();
    client.appendFailure = clientError(7, { exception: 'access-denied' });
    const error = await rejection(logOn(client).append('match-k1', [numberedPass(0, 'k')], 'any'));
    expect(error).toBeInstanceOf(kurrentClient().AccessDeniedError);
  });

  it('reports itself unavailable for readiness while its calls fail, and available again once a head read of its own gets an answer', async () => {
    const client = new FakeClient();
    const log = logOn(client);
    expect(log.availability()).toEqual({ ok: true });
    client.readFailure = notLeader();
    await rejection(log.readStream('match-k1'));
    const reads = client.reads;
    expect(log.availability()).toEqual({
      ok: false,
      detail: `${STORE} is unavailable (notLeader): the request was not done, send the same request again`,
    });
    // Still failing: the head read that poll sent fails too, and the report stays down.
    await vi.waitFor(() => {
      expect(client.reads).toBe(reads + 1);
    });
    await new Promise<void>((settled) => setImmediate(settled));
    expect(log.availability().ok).toBe(false);
    client.readFailure = undefined;
    // No traffic: the next polls' own head read finds the store answering.
    await vi.waitFor(() => {
      expect(log.availability()).toEqual({ ok: true });
    });
  });

  it('a refused connection on the real gRPC channel is LogUnavailableError (unavailable) on append, read and head read', async () => {
    // Port 1: nothing listens there, so every call meets a refused connection.
    const log = new KurrentDbEventLog('kurrentdb://admin:changeit@127.0.0.1:1?tls=false');
    try {
      const calls: (() => Promise<unknown>)[] = [
        () => log.append('match-k1', [numberedPass(0, 'k')], 'any'),
        () => log.readStream('match-k1'),
        () => log.headPosition(),
      ];
      for (const call of calls) {
        const error = await rejection(call());
        expect(error).toMatchObject({ name: 'LogUnavailableError', reason: 'unavailable' });
        expect((error as Error).message).toContain('KurrentDB kurrentdb://***@127.0.0.1:1');
        expect((error as Error).message).not.toContain('changeit');
      }
      expect(log.availability().ok).toBe(false);
    } finally {
      await log.close();
    }
  });
});
