import {
  AppendTooLargeError,
  KurrentDbEventLog,
  LogUnavailableError,
  StreamDeletedError,
  type EventLog,
} from '@tablecast/event-store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/** A KurrentDB URL with credentials in it, where nothing listens (port 1): every call is refused. */
const UNREACHABLE_STORE = 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false';

/**
 * A write the event store cannot take now (KurrentDB not the leader, unreachable, past its
 * deadline) is a temporary refusal: 503 with Retry-After and code logUnavailable, naming the store
 * without its credentials, nothing taken as written, and the same request goes in once the store
 * answers. A write to a deleted stream is a conflict (409), a read of it 410 Gone, a batch over the
 * store's append size 413.
 */
describe('an unavailable event store answers 503 with Retry-After', () => {
  let server: TestServer | undefined;
  let unreachable: KurrentDbEventLog | undefined;
  afterEach(async () => {
    await unreachable?.close();
    await server?.stop();
  });

  it('a command whose append meets an unreachable KurrentDB is 503 logUnavailable with its Retry-After, writes nothing, and is accepted when sent again', async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest('unavailable_1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The error the KurrentDB adapter really throws for a refused gRPC connection.
    unreachable = new KurrentDbEventLog(UNREACHABLE_STORE);
    const refusal: unknown = await unreachable.headPosition().then(
      () => expect.unreachable('nothing listens on port 1'),
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(LogUnavailableError);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    vi.spyOn(store.log, 'append').mockRejectedValueOnce(refusal);

    const command = {
      game: 'doudizhu',
      revision: created.body.revision,
      idempotencyKey: 'unavailable-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'unavailable-seed-1' },
    };
    const url = `${server.url}/api/matches/unavailable_1/commands`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.operatorT1}` };
    const refused = await fetch(url, { method: 'POST', headers, body: JSON.stringify(command) });
    const text = await refused.text();
    expect(refused.status, text).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(text)).toEqual({
      statusCode: 503,
      error: 'ServiceUnavailable',
      code: 'logUnavailable',
      message:
        'KurrentDB kurrentdb://***@127.0.0.1:1?tls=false is unavailable (unavailable): the request was not done, send the same request again',
    });
    expect(text).not.toContain('changeit');

    expect((await store.readStream('match-unavailable_1')).length).toBe(created.body.revision + 1);
    const again = await fetch(url, { method: 'POST', headers, body: JSON.stringify(command) });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(again.headers.get('retry-after')).toBeNull();
  });

  it('the event-store readiness check is not ready while the store is unreachable, naming it without credentials', async () => {
    server = await startTestServer();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);

    unreachable = new KurrentDbEventLog(UNREACHABLE_STORE);
    await unreachable.headPosition().catch(() => undefined);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    // The server's log reporting as the unreachable KurrentDB log does.
    const log: EventLog = store.log;
    const kurrent = unreachable;
    log.availability = () => kurrent.availability();

    const down = await fetch(`${server.url}/readyz`);
    const text = await down.text();
    expect(down.status, text).toBe(503);
    expect((JSON.parse(text) as { checks: unknown[] }).checks).toContainEqual({
      name: 'event-store',
      ok: false,
      detail:
        'KurrentDB kurrentdb://***@127.0.0.1:1?tls=false is unavailable (unavailable): the request was not done, send the same request again',
    });
    expect(text).not.toContain('changeit');

    log.availability = () => ({ ok: true });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('an append to a deleted stream is 409 streamDeleted, one over the store append size 413 appendTooLarge', async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const append = vi.spyOn(store.log, 'append');

    append.mockRejectedValueOnce(new StreamDeletedError('match-deleted_1'));
    const deleted = await operator.request('POST', '/api/matches', newDoudizhuMatchRequest('deleted_1'));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(409);
    expect(deleted.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'streamDeleted',
      message: 'stream match-deleted_1 was deleted in the event store; nothing was written',
    });

    append.mockRejectedValueOnce(new AppendTooLargeError('match-large_1', 1_048_576));
    const large = await operator.request('POST', '/api/matches', newDoudizhuMatchRequest('large_1'));
    expect(large.status, JSON.stringify(large.body)).toBe(413);
    expect(large.body).toEqual({
      statusCode: 413,
      error: 'PayloadTooLarge',
      code: 'appendTooLarge',
      message:
        'the batch for stream match-large_1 is larger than the event store takes in one append (1048576 bytes); nothing was written',
    });
  });

  it('a read of a deleted stream is 410 Gone with code streamDeleted, not a conflict; a command to it stays 409', async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest('gone_1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    // What the KurrentDB log throws for a read or an append of a tombstoned stream.
    const deleted = new StreamDeletedError('match-gone_1');
    vi.spyOn(store.log, 'readStream').mockRejectedValueOnce(deleted);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const read = await referee.request('GET', '/api/matches/gone_1/export');
    expect(read.status, JSON.stringify(read.body)).toBe(410);
    expect(read.body).toEqual({
      statusCode: 410,
      error: 'Gone',
      code: 'streamDeleted',
      message: 'stream match-gone_1 was deleted in the event store; it cannot be read',
    });

    vi.spyOn(store.log, 'append').mockRejectedValueOnce(deleted);
    const write = await operator.request('POST', '/api/matches/gone_1/commands', {
      game: 'doudizhu',
      revision: created.body.revision,
      idempotencyKey: 'gone-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'gone-seed-1' },
    });
    expect(write.status, JSON.stringify(write.body)).toBe(409);
    expect(write.body).toMatchObject({ statusCode: 409, code: 'streamDeleted' });
  });
});
