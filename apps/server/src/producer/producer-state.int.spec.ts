import type { ProducerState } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '@tablecast/bots';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

const get = (
  server: TestServer,
  path: string,
  token: string | null = TEST_TOKENS.producer,
): Promise<Response> =>
  fetch(`${server.url}${path}`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

describe('GET /api/producer/state (real Nest and a real match feed)', () => {
  let server: TestServer;
  const state = async (matchId?: string): Promise<ProducerState> =>
    (await (
      await get(server, `/api/producer/state${matchId === undefined ? '' : `?matchId=${matchId}`}`)
    ).json()) as ProducerState;

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '3000' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers the server clock, OBS list, rundown, pages and director; no delay clock without a match', async () => {
    const before = Date.now();
    const answer = await state();
    expect(Date.parse(answer.serverNow)).toBeGreaterThanOrEqual(before - 1_000);
    expect(answer).toMatchObject({
      obs: [],
      rundown: { revision: 0, obs: 'main', items: [], cuedId: null, liveId: null },
      pages: [],
      delay: null,
      director: { enabled: expect.any(Boolean) as unknown, rules: expect.any(Array) as unknown },
    });
  });

  it('the delay clock builds for the delay, then goes live with the table time released; pages are listed', async () => {
    const page = await FeedSocket.open(server);
    page.send({ type: 'subscribe', matchId: 'STATE_1', audience: 'broadcast' });
    page.send({ type: 'announce', page: 'table', build: 'b1', matchId: 'STATE_1', audience: 'broadcast' });
    expect((await state('STATE_1')).delay).toEqual({
      matchId: 'STATE_1',
      delaySeconds: 3,
      feedState: 'building',
      releasedUpTo: null,
      buildingEndsAt: null,
    });

    const started = Date.now();
    const driving = driveMatch(server.app.get(MatchCommandService), {
      matchId: 'STATE_1',
      table: 't1',
      seed: 'producer-state',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
      delayMs: 0,
    });
    // The first broadcast frame says "delay building" until the first release, due 3 s after the
    // first event: the clock must show that frame's due time.
    const first = await page.until((m) => m.type === 'feed');
    if (first.type !== 'feed' || first.status.state !== 'delayBuilding') throw new Error('expected building');
    // The clock says building until the due time of that frame; on a loaded machine the answer can
    // come after the release is due, and then the clock may already say live, never before.
    const answer = await state('STATE_1');
    const building = answer.delay;
    if (building?.feedState === 'live') {
      expect(Date.parse(answer.serverNow)).toBeGreaterThanOrEqual(first.status.resumesAt ?? Infinity);
    } else {
      expect(building?.feedState).toBe('building');
      expect(building?.buildingEndsAt).toBe(new Date(first.status.resumesAt ?? 0).toISOString());
    }
    await driving;
    await expect
      .poll(async () => (await state('STATE_1')).delay?.feedState, { timeout: 15_000 })
      .toBe('live');
    const live = (await state('STATE_1')).delay;
    expect(live?.buildingEndsAt).toBeNull();
    expect(Date.parse(live?.releasedUpTo ?? '')).toBeGreaterThanOrEqual(started - 1_000);
    expect(Date.parse(live?.releasedUpTo ?? '')).toBeLessThanOrEqual(Date.now() - 3_000);
    const listed = (await state('STATE_1')).pages.find((p) => p.matchId === 'STATE_1');
    expect(listed).toMatchObject({ page: 'table', build: 'b1', audience: 'broadcast' });
    page.socket.close();
  }, 60_000);

  it('says which table is on program and its match, as PUT /api/producer/program-table set it', async () => {
    expect((await state()).programTable).toEqual({ table: null, matchId: null });
    const put = await fetch(`${server.url}/api/producer/program-table`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TEST_TOKENS.producer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ table: 't1' }),
    });
    expect(put.status).toBe(200);
    // STATE_1 (the test above) was played at t1.
    expect((await state()).programTable).toEqual({ table: 't1', matchId: 'STATE_1' });
  });

  it('400 names a bad matchId; only the producer may read it', async () => {
    const bad = await get(server, '/api/producer/state?matchId=../x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^matchId: /);
    expect((await get(server, '/api/producer/state', null)).status).toBe(401);
    for (const token of [TEST_TOKENS.referee, TEST_TOKENS.arbiter, TEST_TOKENS.operatorT1])
      expect((await get(server, '/api/producer/state', token)).status).toBe(403);
  });
});
