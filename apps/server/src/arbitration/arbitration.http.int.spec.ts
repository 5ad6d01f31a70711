import { matchStream, type TablecastEvent } from '@tablecast/events';
import { isGuandanMatchCreated } from '@tablecast/games';
import {
  GUANDAN_RULESETS as RULESETS,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
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
  let seeded: readonly TablecastEvent[];
  const as = (token: string | undefined) => new MatchClient(server.url, token);

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    seeded = await seedPlayedMatch(server.app.get<AppEventStore>(EVENT_STORE), 'H1', { deals: 2 });
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
    // A retry of the filing is answered with the appeal it filed; another filing under AP1 is a 409.
    const again = await as(TEST_TOKENS.referee).request('POST', '/api/matches/H1/appeals', {
      ...appeal,
      appealId: 'AP1',
    });
    expect(again).toEqual(filed);
    const other = await as(TEST_TOKENS.referee).request('POST', '/api/matches/H1/appeals', {
      ...appeal,
      appealId: 'AP1',
      handNumber: 2,
    });
    expect(other.status).toBe(409);
  });

  it('replays any position for arbiters: all four hands, levels, the event with its time and actor', async () => {
    const dealt = seeded.findIndex((event) => event.type === 'CardsDealt');
    const view = await as(TEST_TOKENS.arbiter).request<{
      position: number;
      event: { type: string; actor: { id: string }; recordedAt: string };
      hand: { hands: Record<string, string[]> };
      levelNames: { NS: string };
      names: { players: Record<string, string>; teams: Record<string, string> } | null;
    }>('GET', `/api/matches/H1/replay?position=${String(dealt)}`);
    expect(view.status).toBe(200);
    expect(view.body.position).toBe(dealt);
    expect(view.body.event).toMatchObject({ type: 'CardsDealt', actor: { id: 'operator:t1' } });
    expect(Object.values(view.body.hand.hands).map((cards) => cards.length)).toEqual([27, 27, 27, 27]);
    expect(view.body.levelNames.NS).toBe('2');
    // The names the page puts beside the seats come from the match's MatchCreated.
    const created = seeded[0];
    if (!isGuandanMatchCreated(created)) throw new Error('the log opens with MatchCreated');
    const south = created.data.players.find((p) => p.seat === 'S');
    expect(view.body.names?.players.S).toBe(south?.name);
    expect(view.body.names?.teams.EW).toBe(created.data.teams.EW.name);
    const last = await as(TEST_TOKENS.arbiter).request<{ position: number; result: unknown }>(
      'GET',
      '/api/matches/H1/replay',
    );
    expect(last.body.position).toBe(seeded.length - 1);
    expect(last.body.result).not.toBeNull();
    expect((await as(TEST_TOKENS.referee).request('GET', '/api/matches/H1/replay')).status).toBe(403);
    const outside = await as(TEST_TOKENS.arbiter).request('GET', '/api/matches/H1/replay?position=99999');
    expect(outside).toMatchObject({ status: 400, body: { issues: [{ path: 'position' }] } });
  });

  it('"what if": a substituted event is re-decided in memory and never appended', async () => {
    const arbiter = as(TEST_TOKENS.arbiter);
    const before = await arbiter.request<{ lastPosition: number }>('GET', '/api/matches/H1/replay');
    const played = seeded.findIndex((event, i) => i > 10 && event.type === 'CardsPlayed');
    const original = seeded[played];
    if (original?.type !== 'CardsPlayed') throw new Error('no play');
    const same = await arbiter.request<{ consistent: boolean }>('POST', '/api/matches/H1/replay/sandbox', {
      position: played,
      event: { type: original.type, data: original.data },
    });
    expect(same).toMatchObject({ status: 200, body: { consistent: true } });
    const passed = await arbiter.request<{
      consistent: boolean;
      brokenAt: { revision: number; rule: string };
      sandbox: { event: { type: string } };
    }>('POST', '/api/matches/H1/replay/sandbox', {
      position: played,
      event: { type: 'Passed', data: { seat: original.data.seat } },
    });
    expect(passed.status).toBe(200);
    expect(passed.body.consistent).toBe(false);
    expect(passed.body.brokenAt.revision).toBeGreaterThanOrEqual(played);
    expect(passed.body.brokenAt.rule).toMatch(/^GD-/);
    expect(passed.body.sandbox.event.type).toBe('Passed');
    const bad = await arbiter.request('POST', '/api/matches/H1/replay/sandbox', {
      position: played,
      event: { type: 'Passed', data: { seat: 'X' } },
    });
    expect(bad).toMatchObject({ status: 400, body: { issues: [{ path: 'event.data.seat' }] } });
    const after = await arbiter.request<{ lastPosition: number }>('GET', '/api/matches/H1/replay');
    expect(after.body.lastPosition).toBe(before.body.lastPosition);
  });

  it('a ruling over HTTP corrects the scoreboard the read models serve, and the record shows it', async () => {
    const filed = await as(TEST_TOKENS.referee).request('POST', '/api/matches/H1/appeals', {
      ...appeal,
      appealId: 'AP2',
    });
    expect(filed.status).toBe(201);
    const ruling = {
      rulingId: 'RH2',
      committee: ['chen', 'wang', 'zhou'],
      votes: [
        { memberId: 'chen', vote: 'uphold' },
        { memberId: 'wang', vote: 'uphold' },
        { memberId: 'zhou', vote: 'uphold' },
      ],
      remedy: { kind: 'match-result-adjusted', loser: 'EW', rule: 'GD-SCORE-4' },
      reasoning: 'Forfeit confirmed.',
    };
    expect((await as(TEST_TOKENS.referee).request('POST', '/api/appeals/AP2/ruling', ruling)).status).toBe(
      403,
    );
    const ruled = await as(TEST_TOKENS.arbiter).request<{ corrections: unknown[] }>(
      'POST',
      '/api/appeals/AP2/ruling',
      ruling,
    );
    expect(ruled.status).toBe(201);
    expect(ruled.body.corrections).toHaveLength(1);
    // The same sheet again (a retry) is answered with the ruling; another sheet is a 409.
    expect(await as(TEST_TOKENS.arbiter).request('POST', '/api/appeals/AP2/ruling', ruling)).toEqual(ruled);
    expect(
      (
        await as(TEST_TOKENS.arbiter).request('POST', '/api/appeals/AP2/ruling', {
          ...ruling,
          rulingId: 'RH3',
        })
      ).status,
    ).toBe(409);
    let board: { resultCorrectedBy?: { rulingId: string }; result: { reason: string } } | undefined;
    for (let i = 0; i < 50 && board?.resultCorrectedBy === undefined; i += 1) {
      board = (await as(TEST_TOKENS.referee).request<typeof board>('GET', '/api/matches/H1/scoreboard')).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(board).toMatchObject({ resultCorrectedBy: { rulingId: 'RH2' }, result: { reason: 'forfeit' } });
    const response = await fetch(`${server.url}/api/matches/H1/record.html`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
    });
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('掼蛋比赛记分表');
    expect(html).toContain('RH2');
    expect((await as(TEST_TOKENS.producer).request('GET', '/api/matches/H1/export')).status).toBe(403);
  });

  it('says what each audience had been shown by the time of an event, from the disclosure ledger', async () => {
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const played = playRandomMatch({
      ruleset: RULESETS.cga2017,
      format: { kind: 'fixedDeals', deals: 1 },
      seed: 'ledger',
    });
    if (!played.ok) throw new Error('playout failed');
    const meta = {
      correlationId: 'ledger',
      causationId: null,
      actor: { id: 'operator:t1', role: 'operator' as const },
    };
    const events = played.events.map((event) => ({ ...event, metadata: meta }));
    const half = 30;
    await store.append(matchStream('H2'), events.slice(0, half), 'no_stream');
    // Wait until the venue feed has released the first half, then record the rest.
    const released = async (): Promise<number> => {
      const ledger = await as(TEST_TOKENS.arbiter).request<{
        entries?: { audience: string; viewRevision: number }[];
      }>('GET', '/api/matches/H2/disclosures');
      return Math.max(
        -1,
        ...(ledger.body.entries ?? []).filter((e) => e.audience === 'venue').map((e) => e.viewRevision),
      );
    };
    for (let i = 0; i < 100 && (await released()) < half - 1; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.append(matchStream('H2'), events.slice(half), half - 1);
    const view = await as(TEST_TOKENS.arbiter).request<{
      shown: Record<string, { frames: number; revisionShown: number }> | null;
    }>('GET', `/api/matches/H2/replay?position=${String(half)}`);
    expect(view.body.shown?.venue?.revisionShown).toBe(half - 1);
    // The broadcast feed was still building its 120 s security delay: no event of the match yet.
    expect(view.body.shown?.broadcast?.revisionShown ?? -1).toBe(-1);
    const before = await as(TEST_TOKENS.arbiter).request<{ shown: Record<string, unknown> | null }>(
      'GET',
      '/api/matches/H2/replay?position=0',
    );
    expect(before.body.shown?.venue).toBeUndefined();
  });
});
