import { matchStream, tournamentStream } from '@tablecast/events';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { TournamentResultReactor } from './result-reactor';
import { levelName } from './annex-sheets';
import { playTable } from './testing/table-bots';
import { apiCall } from './testing/api-call';

interface Row {
  entrant: string;
  rank: number;
  matchPoints: string;
  levelPoints: number;
  played: number;
}

const call = apiCall('/api/tournaments');

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
      // The restarted reactor resumes from its checkpoint, not the log's start: table 1's result
      // stays recorded once, and of the match streams only table 2's (still without a result) is read.
      const reactor = server.app.get(TournamentResultReactor);
      await reactor.settled();
      expect(reactor.resumedFrom).not.toBe('start');
      expect(reactor.matchReads).toBe(1);
      expect(await playTable(server.app.get(MatchCommandService), 'auto.r1.t2', 'auto-2b')).toBe(true);
      await vi.waitFor(async () => {
        expect((await standings(server, 'auto')).every((r) => r.played === 1)).toBe(true);
      });
      // Table 2 was folded once, as its events came: its end was seen without reading it again.
      expect(reactor.matchReads).toBe(1);
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
      // The sheets of 000 附录一 (cross table) and 附录三 (计副制 score sheet) read the same results.
      const sheet = async (path: string) => {
        const response = await fetch(`${server.url}/api/tournaments/auto${path}`, {
          headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
        });
        expect(response.status).toBe(200);
        return { type: response.headers.get('content-type'), text: await response.text() };
      };
      const first = recorded[0]?.data as {
        scored: {
          a: { matchTenths: number; levelPoints: number };
          b: { matchTenths: number; levelPoints: number };
        };
      };
      const cross = (await sheet('/cross-table.csv')).text.split('\r\n');
      expect(cross[0]).toBe('编号,单位,队名,1,2,3,4,场分,级分,局数,对手分,名次');
      const p1 = rows.find((r) => r.entrant === 'P1');
      expect(
        cross[1]?.startsWith(
          `1,A,张三/李四,×,,,${String(first.scored.a.matchTenths / 10)}/${String(first.scored.a.levelPoints)},` +
            `${String(p1?.matchPoints)},${String(p1?.levelPoints)},1,`,
        ),
      ).toBe(true);
      expect(cross[1]?.endsWith(`,${String(p1?.rank)}`)).toBe(true);
      expect((await sheet('/cross-table.html')).text).toContain('<th>对手分</th><th>名次</th>');
      const ended = (await store.readStream(matchStream('auto.r1.t1'))).filter((e) => e.type === 'HandEnded');
      expect(ended).toHaveLength(1);
      const levels = (ended[0]?.data as { levelsAfter: { NS: number; EW: number } }).levelsAfter;
      const name = (i: number) => levelName(i);
      const deals = (await sheet('/rounds/1/deal-sheets.csv')).text.split('\r\n');
      expect(deals[0]).toBe('轮次,台号,对阵,方位,编号,队名,单位,第1副,牌级,级分,场分');
      expect(deals[1]).toBe(
        `1,1,r1.t1,南北方,1,张三/李四,A,${name(levels.NS)},${name(levels.NS)},${String(first.scored.a.levelPoints)},${String(first.scored.a.matchTenths / 10)}`,
      );
      expect(deals[2]).toBe(
        `1,1,r1.t1,东西方,4,Pair 4,D,${name(levels.EW)},${name(levels.EW)},${String(first.scored.b.levelPoints)},${String(first.scored.b.matchTenths / 10)}`,
      );
      const printable = await sheet('/rounds/1/deal-sheets.html');
      expect(printable.type).toContain('text/html');
      expect(printable.text).toContain('第 1 轮 第 1 台记分表（计副制）');
      // Round 2 pairs off the recorded results.
      expect((await call(server, 'POST', '/auto/rounds', {})).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
