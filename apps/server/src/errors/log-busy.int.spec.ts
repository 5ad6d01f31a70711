import { SqliteEventLog } from '@tablecast/event-store';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * A write the event log refuses because another connection holds the file's write lock past the
 * busy timeout (another process's long transaction on the shared log) is a temporary refusal: 503
 * with Retry-After, nothing written, and the same request goes in once the lock is let go.
 */
describe('a busy event log answers 503 with Retry-After', () => {
  let server: TestServer | undefined;
  let blocker: Database.Database | undefined;
  afterEach(async () => {
    blocker?.close();
    await server?.stop();
  });

  it('a command refused with SQLITE_BUSY is 503 with Retry-After and writes nothing; sent again after the lock is let go, it is accepted', async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest('busy_1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const log = store.log;
    if (!(log instanceof SqliteEventLog)) throw new Error('the test server runs on the SQLite log');
    // The server's wait for the lock, shortened so the test does not sit out the 10 s default.
    log.setBusyTimeout(100);
    // Another process's connection holding the write lock (a long transaction on the shared log).
    blocker = new Database(log.file);
    blocker.exec('BEGIN IMMEDIATE');

    const command = {
      game: 'doudizhu',
      revision: created.body.revision,
      idempotencyKey: 'busy-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'busy-seed-1' },
    };
    const url = `${server.url}/api/matches/busy_1/commands`;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.operatorT1}` };
    const refused = await fetch(url, { method: 'POST', headers, body: JSON.stringify(command) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({
      statusCode: 503,
      error: 'ServiceUnavailable',
      code: 'logBusy',
      message: expect.stringContaining('the event log is busy') as unknown,
    });

    blocker.exec('ROLLBACK');
    expect((await store.readStream('match-busy_1')).length).toBe(created.body.revision + 1);
    const again = await fetch(url, { method: 'POST', headers, body: JSON.stringify(command) });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(again.headers.get('retry-after')).toBeNull();
  });
});
