import { comparePositions } from '@tablecast/event-store';
import { broadcastStream, matchStream } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { playBotCommands } from '../testing/bot-commands';
import { newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';
import { FeedSocket } from './testing/feed-socket';

const DEFAULT_DELAY_MS = 1_500;
const RAISED_MS = 4_000;
const LOWERED_MS = 1_000;

describe('PUT /api/matches/:id/broadcast-delay over HTTP, applied on the websocket feeds', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: String(DEFAULT_DELAY_MS) });

  const put = (matchId: string, body: unknown, token?: string): Promise<Response> =>
    fetch(`${suite.server.url}/api/matches/${matchId}/broadcast-delay`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });

  const play = (matchId: string, count: number, seed: string): Promise<void> =>
    playBotCommands(suite.matches, matchId, { seed, count });

  const createMatch = async (matchId: string): Promise<void> => {
    await suite.matches.create(newMatchRequest(matchId, 't1', 1), BOT_PRINCIPAL);
  };

  it('answers 401/403 by role, 400 naming delayMs for a bad value (0 is for staff only), 404 for no match', async () => {
    await createMatch('delay_auth');
    expect((await put('delay_auth', { delayMs: 5_000 })).status).toBe(401);
    expect((await put('delay_auth', { delayMs: 5_000 }, TEST_TOKENS.operatorT1)).status).toBe(403);
    expect((await put('delay_auth', { delayMs: 5_000 }, TEST_TOKENS.arbiter)).status).toBe(403);
    for (const body of [
      { delayMs: 0 },
      { delayMs: 999 },
      { delayMs: 1.5e3 + 0.5 },
      { delayMs: '5000' },
      {},
    ]) {
      const response = await put('delay_auth', body, TEST_TOKENS.producer);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('delayMs');
    }
    expect((await put('delay_auth', { delayMs: 3_600_001 }, TEST_TOKENS.producer)).status).toBe(400);
    expect((await put('delay_nope', { delayMs: 5_000 }, TEST_TOKENS.producer)).status).toBe(404);
    const ok = await put('delay_auth', { delayMs: 5_000 }, TEST_TOKENS.referee);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      matchId: 'delay_auth',
      delayMs: 5_000,
      previousDelayMs: 1_500,
      revision: 0,
    });
    const again = await put('delay_auth', { delayMs: 7_000 }, TEST_TOKENS.producer);
    expect(await again.json()).toMatchObject({ delayMs: 7_000, previousDelayMs: 5_000, revision: 1 });
    const recorded = await suite.store.readStream(broadcastStream('delay_auth'));
    expect(recorded.map((e) => [e.type, e.data, e.metadata.actor])).toEqual([
      ['BroadcastDelaySet', { delayMs: 5_000, previousDelayMs: 1_500 }, { id: 'referee', role: 'referee' }],
      ['BroadcastDelaySet', { delayMs: 7_000, previousDelayMs: 5_000 }, { id: 'producer', role: 'producer' }],
    ]);
  });

  it('two producers changing the delay against the same revision at once: one 200, one 409; GET says who won', async () => {
    const matchId = 'delay_race';
    await createMatch(matchId);
    const get = async (): Promise<unknown> => {
      const response = await fetch(`${suite.server.url}/api/matches/${matchId}/broadcast-delay`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await get()).toEqual({ matchId, delayMs: DEFAULT_DELAY_MS, revision: -1 });

    // Both acted on the same revision (first -1: no change yet, then the winner's) and send at once.
    for (const [round, actedOn] of [-1, 0].entries()) {
      const bodies = [
        { delayMs: 10_000 + round, revision: actedOn },
        { delayMs: 20_000 + round, revision: actedOn },
      ];
      const answers = await Promise.all([
        put(matchId, bodies[0], TEST_TOKENS.producer),
        put(matchId, bodies[1], TEST_TOKENS.referee),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const loser = answers[1 - winner];
      expect(await loser?.json()).toMatchObject({
        statusCode: 409,
        error: 'StaleRevision',
        currentRevision: actedOn + 1,
        message: expect.stringContaining(`broadcast delay of match ${matchId} is at revision`) as unknown,
      });
      expect(await answers[winner]?.json()).toMatchObject({ revision: actedOn + 1 });
      expect(await get()).toEqual({ matchId, delayMs: bodies[winner]?.delayMs, revision: actedOn + 1 });
    }
    // Exactly the two winners were recorded: the losers appended nothing.
    expect((await suite.store.readStream(broadcastStream(matchId))).map((e) => e.revision)).toEqual([0, 1]);
    // A sender behind by a change, alone, is refused too; a malformed revision is 400 naming it.
    expect((await put(matchId, { delayMs: 5_000, revision: 0 }, TEST_TOKENS.producer)).status).toBe(409);
    for (const revision of [-2, 0.5, '1']) {
      const response = await put(matchId, { delayMs: 5_000, revision }, TEST_TOKENS.producer);
      expect(response.status, String(revision)).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('revision');
    }
    expect((await put(matchId, { delayMs: 5_000, revision: 1 }, TEST_TOKENS.producer)).status).toBe(200);
  });

  it('TC-FEED-1..3 on the wire: a raise holds back, a lowering releases nothing early, venue stays live', async () => {
    const matchId = 'delay_wire';
    await createMatch(matchId);
    const broadcast = await FeedSocket.open(suite.server);
    const venue = await FeedSocket.open(suite.server);
    for (const [client, audience] of [
      [broadcast, 'broadcast'],
      [venue, 'venue'],
    ] as const) {
      client.send({ type: 'subscribe', matchId, audience });
      await client.until((m) => m.type === 'subscribed');
    }
    await play(matchId, 6, 'first');
    const firstBatch = (await suite.store.readStream(matchStream(matchId))).length - 1;
    expect((await put(matchId, { delayMs: RAISED_MS }, TEST_TOKENS.producer)).status).toBe(200);
    await play(matchId, 6, 'second');
    // Lower it only once the raise has shown: the first batch is out, 4 s behind its recording.
    await broadcast.until((m) => m.type === 'feed' && m.event?.revision === firstBatch, 20_000);
    expect((await put(matchId, { delayMs: LOWERED_MS }, TEST_TOKENS.producer)).status).toBe(200);
    await play(matchId, 6, 'third');

    const recorded = await suite.store.readStream(matchStream(matchId));
    const [raise, lowering] = await suite.store.readStream(broadcastStream(matchId));
    if (raise === undefined || lowering === undefined) throw new Error('the delay changes were not recorded');
    const raisedAt = Date.parse(raise.metadata.recordedAt);
    const loweredAt = Date.parse(lowering.metadata.recordedAt);
    const last = recorded.length - 1;
    await broadcast.until((m) => m.type === 'feed' && m.event?.revision === last, 20_000);
    await venue.until((m) => m.type === 'feed' && m.event?.revision === last);

    const arrivals = new Map<number, number>();
    for (const { text, at } of broadcast.raw) {
      const frame = JSON.parse(text) as { type: string; event: { revision: number } | null };
      if (frame.type === 'feed' && frame.event !== null) arrivals.set(frame.event.revision, at);
    }
    expect([...arrivals.keys()]).toEqual(recorded.map((e) => e.revision));
    let heldBack = 0;
    for (const event of recorded) {
      const recordedAt = Date.parse(event.metadata.recordedAt);
      const arrivedAt = arrivals.get(event.revision) ?? 0;
      // The delay it was recorded under, by log order (TC-FEED-1; TC-FEED-2: a lowering does not
      // shorten it) ...
      const underDelay =
        comparePositions(event.position, raise.position) < 0
          ? DEFAULT_DELAY_MS
          : comparePositions(event.position, lowering.position) < 0
            ? RAISED_MS
            : LOWERED_MS;
      expect(arrivedAt - recordedAt, `revision ${String(event.revision)}`).toBeGreaterThanOrEqual(underDelay);
      // ... and while a raise is in force it holds back what was not yet out when it was made
      // (TC-FEED-3); the margin is the log subscription handing the change to the producer.
      if (arrivedAt > raisedAt + 100 && arrivedAt < loweredAt) {
        heldBack += 1;
        expect(arrivedAt - recordedAt, `revision ${String(event.revision)}`).toBeGreaterThanOrEqual(
          RAISED_MS,
        );
      }
    }
    expect(heldBack).toBeGreaterThan(6);
    // The broadcast frames say which delay they are behind.
    const delays = broadcast.frames().map((f) => f.status.delayMs);
    expect(delays).toContain(RAISED_MS);
    expect(delays.at(-1)).toBe(LOWERED_MS);
    // Venue is live throughout: no status but live, no delay.
    expect(venue.frames().every((f) => f.status.state === 'live' && f.status.delayMs === 0)).toBe(true);
    await broadcast.close();
    await venue.close();
  }, 60_000);
});
