import { matchStream, tournamentStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { TournamentResultReactor } from './result-reactor';
import { playTable } from './testing/table-bots';

interface Row {
  entrant: string;
  matchPoints: string;
  levelPoints: number;
  played: number;
}

const call = async (
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  token: string = TEST_TOKENS.arbiter,
): Promise<{ status: number; json: unknown }> => {
  const response = await fetch(`${server.url}/api/tournaments${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as unknown };
};

/** A 003 event of four pairs, one deal a round (the unit of play is the match's fixed deals). */
async function openEvent(server: TestServer, tournamentId: string): Promise<void> {
  expect(
    (
      await call(server, 'POST', '', {
        tournamentId,
        name: 'Open',
        ruleset: 'cesa2023',
        stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
        options: { pairingRules: '003' },
      })
    ).status,
  ).toBe(201);
  const csv = 'entrant,name,unit,seed\nP1,张三/李四,A,1\nP2,王五/赵六,B,2\nP3,Pair 3,C,3\nP4,Pair 4,D,4\n';
  expect((await call(server, 'POST', `/${tournamentId}/entrants`, { csv })).status).toBe(200);
  expect((await call(server, 'POST', `/${tournamentId}/rounds`, {})).status).toBe(200);
}

const standings = async (server: TestServer, tournamentId: string): Promise<Row[]> =>
  ((await call(server, 'GET', `/${tournamentId}/standings`)).json as { rows: Row[] }).rows;

describe('a round started at the tables and its results recorded from the games (TRN-SWISS-9, TRN-EVT-3)', () => {
  it('start: 409 before publication, then each pairing gets its match at a table, assigned in the stream', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      await openEvent(server, 'st');
      const early = await call(server, 'POST', '/st/rounds/1/start', undefined, TEST_TOKENS.referee);
      expect(early.status).toBe(409);
      expect((await call(server, 'POST', '/st/rounds/1/publish')).status).toBe(200);
      expect((await call(server, 'POST', '/st/rounds/1/start')).status).toBe(403);
      const started = await call(server, 'POST', '/st/rounds/1/start', undefined, TEST_TOKENS.referee);
      expect(started.status).toBe(200);
      expect(started.json).toEqual({
        tournamentId: 'st',
        round: 1,
        tables: [
          { table: 1, match: 'r1.t1', matchId: 'st.r1.t1', a: 'P1', b: 'P4' },
          { table: 2, match: 'r1.t2', matchId: 'st.r1.t2', a: 'P2', b: 'P3' },
        ],
      });
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      const [created] = await store.readStream(matchStream('st.r1.t1'));
      expect(created?.type).toBe('MatchCreated');
      expect(created?.data).toMatchObject({
        game: 'guandan',
        table: 't1',
        ruleset: { name: 'cesa2023' },
        format: { kind: 'fixedDeals', deals: 1 },
        teams: { NS: { id: 'P1', name: '张三/李四' }, EW: { id: 'P4', name: 'Pair 4' } },
        players: [
          { id: 'P1.1', name: '张三', seat: 'S' },
          { id: 'P4.1', name: 'Pair 4 1', seat: 'E' },
          { id: 'P1.2', name: '李四', seat: 'N' },
          { id: 'P4.2', name: 'Pair 4 2', seat: 'W' },
        ],
      });
      const assigned = (await store.readStream(tournamentStream('st'))).filter(
        (e) => e.type === 'MatchAssigned',
      );
      expect(assigned.map((e) => e.data)).toEqual([
        { round: 1, match: 'r1.t1', table: 1, matchId: 'st.r1.t1' },
        { round: 1, match: 'r1.t2', table: 2, matchId: 'st.r1.t2' },
      ]);
      // Starting again assigns nothing twice and answers the same tables.
      const again = await call(server, 'POST', '/st/rounds/1/start', undefined, TEST_TOKENS.referee);
      expect(again.json).toEqual(started.json);
      expect(
        (await store.readStream(tournamentStream('st'))).filter((e) => e.type === 'MatchAssigned'),
      ).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });

  it('bots play the round: standings move with no manual call; a restart mid-way records no result twice', async () => {
    let server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      await openEvent(server, 'auto');
      await call(server, 'POST', '/auto/rounds/1/publish');
      await call(server, 'POST', '/auto/rounds/1/start', undefined, TEST_TOKENS.referee);
      expect((await standings(server, 'auto')).every((r) => r.played === 0)).toBe(true);
      // Table 1 to its end, table 2 a few commands in: then the server stops.
      expect(await playTable(server.app.get(MatchCommandService), 'auto.r1.t1', 'auto-1')).toBe(true);
      await vi.waitFor(async () => {
        expect(
          (await standings(server, 'auto'))
            .filter((r) => r.played === 1)
            .map((r) => r.entrant)
            .sort(),
        ).toEqual(['P1', 'P4']);
      });
      expect(await playTable(server.app.get(MatchCommandService), 'auto.r1.t2', 'auto-2', 10)).toBe(false);
      await server.app.close();
      server = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
      // The restarted reactor reads the whole log again: table 1's result stays recorded once.
      await server.app.get(TournamentResultReactor).settled();
      expect(await playTable(server.app.get(MatchCommandService), 'auto.r1.t2', 'auto-2b')).toBe(true);
      await vi.waitFor(async () => {
        expect((await standings(server, 'auto')).every((r) => r.played === 1)).toBe(true);
      });
      const store = server.app.get<AppEventStore>(EVENT_STORE);
      const recorded = (await store.readStream(tournamentStream('auto'))).filter(
        (e) => e.type === 'ResultRecorded',
      );
      expect(recorded.map((e) => [(e.data as { match: string }).match, e.metadata.actor])).toEqual([
        ['r1.t1', { id: 'tournament:results', role: 'arbiter' }],
        ['r1.t2', { id: 'tournament:results', role: 'arbiter' }],
      ]);
      // The standings add up what the games reported: match points in tenths, level points as scored.
      const rows = await standings(server, 'auto');
      const tenths = rows.map((r) => Math.round(Number(r.matchPoints) * 10));
      expect(tenths.reduce((a, b) => a + b, 0)).toBe(40);
      // Round 2 pairs off the recorded results.
      expect((await call(server, 'POST', '/auto/rounds', {})).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
