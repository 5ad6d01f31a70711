import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAYERS } from '@tablecast/bots';
import { guandanMatchRequest } from '@tablecast/games/testing';
import { playMatchOverHttp } from '../testing/http-bot-match';
import { newBigTwoMatchRequest, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { TableSummary } from './table-summary';

/** The landing page's public table list, on the real app with real SQLite. */
describe('GET /api/tables (public)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '1000' });
  });

  afterAll(async () => {
    await server.stop();
  });

  const tables = async (): Promise<TableSummary[]> => {
    // No Authorization header: anyone may read it.
    const response = await fetch(`${server.url}/api/tables`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { tables: TableSummary[] }).tables;
  };

  it('lists nothing before any match', async () => {
    expect(await tables()).toEqual([]);
  });

  it("gives each table's latest match with its state, the delay, and never a card or a token", async () => {
    await playMatchOverHttp({
      url: server.url,
      matchId: 'landing_1',
      seed: 'landing',
      operatorToken: TEST_TOKENS.operatorT1,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    // Once the 1 s delay has passed, the ended match's broadcast is live.
    await vi.waitFor(
      async () => {
        expect(await tables()).toEqual([
          expect.objectContaining({
            table: 't1',
            matchId: 'landing_1',
            status: 'ended',
            deal: 1,
            broadcast: { delayMs: 1000, delayBuilding: false },
          }),
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
    const [ended] = await tables();
    expect(ended?.names).toEqual({
      teams: { NS: '江苏队', EW: '安徽队' },
      players: Object.fromEntries(DEFAULT_PLAYERS.map((p) => [p.seat, p.name])),
    });

    // A second match on the same table replaces the first; its broadcast is still building.
    const created = await fetch(`${server.url}/api/matches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.operatorT1}`, 'content-type': 'application/json' },
      body: JSON.stringify(guandanMatchRequest('landing_2', { kind: 'fixedDeals', deals: 2 })),
    });
    expect(created.status).toBe(201);
    const [latest] = await tables();
    expect(latest).toMatchObject({
      table: 't1',
      matchId: 'landing_2',
      status: 'live',
      levels: { NS: 0, EW: 0 },
      deal: 0,
      broadcast: { delayMs: 1000, delayBuilding: true },
    });
    const body = await (await fetch(`${server.url}/api/tables`)).text();
    for (const token of Object.values(TEST_TOKENS)) expect(body).not.toContain(token);
    expect(body).not.toMatch(/"hands?"|"cards"/);
  });

  it("lists every game's tables: a Dou Dizhu and a Big Two table with their game, and the producer's program grid has them without a tournament", async () => {
    const create = async (request: object): Promise<void> => {
      const created = await fetch(`${server.url}/api/matches`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_TOKENS.referee}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      expect(created.status, await created.text()).toBe(201);
    };
    await create(newDoudizhuMatchRequest('landing_ddz_1', 'tddz', (seat) => `d${String(seat)}`));
    await create(newBigTwoMatchRequest('landing_b2', 'tb2'));
    // A second Dou Dizhu match at its table, created later, is that table's latest.
    await create(newDoudizhuMatchRequest('landing_ddz_2', 'tddz', (seat) => `d${String(seat)}`));

    await vi.waitFor(
      async () => {
        const listed = await tables();
        expect(listed.map((t) => [t.table, t.game, t.matchId])).toEqual([
          ['t1', 'guandan', 'landing_2'],
          ['tb2', 'bigtwo', 'landing_b2'],
          ['tddz', 'doudizhu', 'landing_ddz_2'],
        ]);
        expect(listed.find((t) => t.table === 'tddz')).toMatchObject({
          status: 'live',
          levels: null,
          deal: 0,
        });
      },
      { timeout: 15_000, interval: 100 },
    );
    const program = await fetch(`${server.url}/api/producer/program`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.producer}` },
    });
    expect(program.status).toBe(200);
    const grid = (await program.json()) as { tables: { table: string; matchId: string | null }[] };
    expect(grid.tables.map((t) => [t.table, t.matchId])).toEqual([
      ['t1', 'landing_2'],
      ['tb2', 'landing_b2'],
      ['tddz', 'landing_ddz_2'],
    ]);
  });
});
