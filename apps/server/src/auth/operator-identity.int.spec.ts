import { matchStream } from '@tablecast/events';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { startTestServer, type TestServer } from '../testing/test-server';

const MAIN = 'table1-main-console-token';
const BACKUP = 'table1-backup-console-tok';
const label = (token: string): string => createHash('sha256').update(token).digest('hex').slice(0, 6);

/**
 * A table's main and backup consoles hold two operator tokens for the same table (real server,
 * real SQLite): the log records which of them keyed each event, without naming either token.
 */
describe('two operator tokens for one table', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: `operator:t1=${MAIN},operator:t1=${BACKUP}` });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('each console is its own actor in whoami and in the events it keyed', async () => {
    const main = new MatchClient(server.url, MAIN);
    const backup = new MatchClient(server.url, BACKUP);
    expect((await main.request('GET', '/api/whoami')).body).toEqual({
      role: 'operator',
      table: 't1',
      actorId: `operator:t1#${label(MAIN)}`,
    });
    const created = await main.create(newMatchRequest('two_consoles'));
    expect(created.status).toBe(201);
    const dealt = await backup.send('two_consoles', created.body.revision, {
      type: 'DealCards',
      seed: 'two',
    });
    expect(dealt.status).toBe(200);

    const events = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream('two_consoles'));
    const actors = new Set(events.map((event) => event.metadata.actor.id));
    expect([...actors]).toEqual([`operator:t1#${label(MAIN)}`, `operator:t1#${label(BACKUP)}`]);
    expect(JSON.stringify(events.map((event) => event.metadata.actor))).not.toMatch(/console-tok/);
  });
});
