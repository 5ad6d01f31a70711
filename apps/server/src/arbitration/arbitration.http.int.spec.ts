import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { seedPlayedMatch } from './testing/arbitration-fixture';

/** The arbitration routes over real HTTP: status codes, roles and bodies. */
describe('arbitration HTTP API', () => {
  let server: TestServer;
  const as = (token: string | undefined) => new MatchClient(server.url, token);

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    await seedPlayedMatch(server.app.get<AppEventStore>(EVENT_STORE), 'H1', { deals: 2 });
  });
  afterAll(() => server.stop());

  const appeal = {
    handNumber: 1,
    disputedRevisions: [4],
    statement: 'The lead was played out of turn.',
    language: 'en',
    appellant: { team: 'NS', captain: 'Zhang Wei' },
    fee: { amount: 300 },
  };

  it('files an appeal for a captain (201), lists it for the committee, and answers 401/403/400/404/409', async () => {
    const filed = await as(TEST_TOKENS.referee).request<{ appealId: string }>(
      'POST',
      '/api/matches/H1/appeals',
      { ...appeal, appealId: 'AP1' },
    );
    expect(filed.status).toBe(201);
    expect(filed.body.appealId).toBe('AP1');
    const listed = await as(TEST_TOKENS.arbiter).request<unknown[]>('GET', '/api/matches/H1/appeals');
    expect(listed).toMatchObject({ status: 200, body: [{ appealId: 'AP1', ruling: null }] });
    expect((await as(undefined).request('POST', '/api/matches/H1/appeals', appeal)).status).toBe(401);
    expect((await as(TEST_TOKENS.producer).request('POST', '/api/matches/H1/appeals', appeal)).status).toBe(
      403,
    );
    expect((await as(TEST_TOKENS.operatorT2).request('POST', '/api/matches/H1/appeals', appeal)).status).toBe(
      403,
    );
    const malformed = await as(TEST_TOKENS.referee).request('POST', '/api/matches/H1/appeals', {
      ...appeal,
      fee: { amount: -1 },
    });
    expect(malformed).toMatchObject({ status: 400, body: { issues: [{ path: 'fee.amount' }] } });
    expect((await as(TEST_TOKENS.referee).request('POST', '/api/matches/NOPE/appeals', appeal)).status).toBe(
      404,
    );
    expect((await as(TEST_TOKENS.arbiter).request('GET', '/api/appeals/NOPE')).status).toBe(404);
    const again = await as(TEST_TOKENS.referee).request('POST', '/api/matches/H1/appeals', {
      ...appeal,
      appealId: 'AP1',
    });
    expect(again.status).toBe(409);
  });
});
