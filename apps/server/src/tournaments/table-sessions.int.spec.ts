import type { TournamentFeedFrame } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer } from '../testing/test-server';
import { apiCall } from './testing/api-call';
import {
  playDuplicateRound,
  startDuplicateRound,
  startNextDuplicateRound,
} from './testing/played-duplicate-round';

const call = apiCall('/api');
const ID = 'ddzSessions';

interface EventView {
  readonly rounds: readonly {
    readonly round: number;
    readonly session?: { readonly round: number; readonly session: number };
    readonly tables: readonly { readonly match: string; readonly seats: readonly string[] }[];
    readonly boardSets: readonly { readonly set: string }[];
  }[];
}

describe('a duplicate round of two sessions played by bots on the real server (TRN-MOVE-6)', () => {
  it('TRN-MOVE-6: session 2 waits for every table of session 1, keeps the seats when moving after each round, and is dealt its own board set; the standings hold both sessions, after each session as CSV once it is played; the sheets and the tournament feed name each session', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const first = await startDuplicateRound(server, ID, 1, { sessionsPerRound: 2, moveAfter: 'round' });
      expect(first.map((t) => t.match)).toEqual(['r1.s1.t1', 'r1.s1.t2']);
      // The next session waits for every table of this one.
      const early = await call(
        server,
        'POST',
        `/tournaments/${ID}/rounds`,
        { seed: null },
        TEST_TOKENS.referee,
      );
      expect(early.status).toBe(422);
      expect(early.json).toMatchObject({ rule: 'TRN-MOVE-6' });

      // TRN-MOVE-6: the standings after a session, as CSV, once every table of it has its result.
      const sessionCsv = (round: string, session: string) =>
        fetch(`${server.url}/api/tournaments/${ID}/rounds/${round}/sessions/${session}/standings.csv`, {
          headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
        });
      const refused = async (round: string, session: string) => {
        const response = await sessionCsv(round, session);
        return {
          status: response.status,
          json: (await response.json()) as { message: string; rule?: string },
        };
      };
      const playing = await refused('1', '1');
      expect(playing.status).toBe(409);
      expect(playing.json).toMatchObject({ rule: 'TRN-MOVE-6' });
      expect(playing.json.message).toContain('round 1, session 1 is still being played (0 of 2 tables');
      const unpaired = await refused('1', '2');
      expect(unpaired.status).toBe(404);
      expect(unpaired.json.message).toContain('has not paired round 1, session 2');
      for (const [round, session, field] of [
        ['0', '1', 'round'],
        ['x', '1', 'round'],
        ['1', '0', 'session'],
        ['1', '1.5', 'session'],
        ['1', '3', 'session'],
      ] as const) {
        const bad = await refused(round, session);
        expect(bad.status, `${round}/${session}`).toBe(400);
        expect(bad.json.message, `${round}/${session}`).toMatch(new RegExp(`^${field}: `));
      }

      await playDuplicateRound(server, ID, first, 1);
      const standingsCsv = async (): Promise<string> =>
        (
          await fetch(`${server.url}/api/tournaments/${ID}/standings.csv`, {
            headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
          })
        ).text();
      const afterFirstCsv = await (await sessionCsv('1', '1')).text();
      // After session 1 the event's standings are session 1's: the same columns and lines.
      expect(afterFirstCsv).toBe(await standingsCsv());
      expect(afterFirstCsv.split('\r\n')[0]).toMatch(/^rank,number,entrant,name,unit,S,seconds,boards/);
      expect(afterFirstCsv.trim().split('\r\n')).toHaveLength(7);
      const second = await startNextDuplicateRound(server, ID, 2);
      expect(second.map((t) => t.match)).toEqual(['r1.s2.t1', 'r1.s2.t2']);
      expect(second.map((t) => t.seats)).toEqual(first.map((t) => t.seats));
      await playDuplicateRound(server, ID, second, 2);

      const event = (await call(server, 'GET', `/tournaments/${ID}`, undefined, TEST_TOKENS.referee))
        .json as EventView;
      expect(event.rounds.map((r) => r.session)).toEqual([
        { round: 1, session: 1 },
        { round: 1, session: 2 },
      ]);
      expect(event.rounds.map((r) => r.boardSets.map((b) => b.set))).toEqual([
        [`${ID}.r1.s1.g1`],
        [`${ID}.r1.s2.g1`],
      ]);
      const standings = (
        await call(server, 'GET', `/tournaments/${ID}/standings`, undefined, TEST_TOKENS.referee)
      ).json as { rows: { player: string; boards: { board: string }[] }[] };
      expect(standings.rows).toHaveLength(6);
      // TRN-MP-5 cumulative S: every player's line holds a board of each session, named by it.
      for (const row of standings.rows)
        expect(row.boards.map((b) => b.board.split('.').slice(0, 2).join('.')).sort()).toEqual([
          'r1.s1',
          'r1.s2',
        ]);

      // The sheets name the round and the session, not the stream round.
      const sheet = async (path: string): Promise<string> =>
        (
          await fetch(`${server.url}/api/tournaments/${ID}/${path}`, {
            headers: { authorization: `Bearer ${TEST_TOKENS.referee}` },
          })
        ).text();
      const [header, ...lines] = (await sheet('score-sheet.csv')).trim().split('\r\n');
      expect(header).toBe('round,session,table,match,board,seat,entrant,score,seconds');
      expect(new Set(lines.map((l) => l.split(',').slice(0, 2).join(',')))).toEqual(new Set(['1,1', '1,2']));
      expect(await sheet('rounds/2/score-sheets.html')).toContain(
        '<h2>第 1 轮 第 2 局 第 1 台记分表 (r1.s2.t1)</h2>',
      );

      // TRN-MOVE-6: the standings after each session, cumulative (the default rankingBasis): after
      // session 1, session 1's boards alone; after session 2, the event's standings.
      const afterFirst = await sheet('rounds/1/standings.html');
      expect(afterFirst).toContain('<h1>ddzSessions open 第1轮第1局后名次（累计）</h1>');
      expect(afterFirst.match(/<tr><td>/g)).toHaveLength(6);
      const afterSecond = await sheet('rounds/2/standings.html');
      expect(afterSecond).toContain('第1轮第2局后名次（累计）');
      const order = (html: string): string[] =>
        [...html.matchAll(/<tr><td>\d+<\/td><td>(\d+)<\/td>/g)].map((m) => m[1] ?? '');
      expect(order(afterSecond)).toEqual(order(await sheet('standings.html')));
      expect((await call(server, 'GET', `/tournaments/${ID}/rounds/3/standings.html`)).status).toBe(404);
      // As CSV: after session 2 the event's standings; after session 1 still session 1's alone.
      const afterSecondCsv = await (await sessionCsv('1', '2')).text();
      expect(afterSecondCsv).toBe(await standingsCsv());
      expect(afterSecondCsv).not.toBe(afterFirstCsv);
      expect(await (await sessionCsv('1', '1')).text()).toBe(afterFirstCsv);
      expect((await refused('2', '1')).status).toBe(404);

      // The tournament feed's frame over a real websocket: each stream round says its round and session.
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws/tournament`);
      const frame = new Promise<TournamentFeedFrame>((resolve, reject) => {
        socket.on('message', (data: Buffer) => {
          const message = JSON.parse(data.toString('utf8')) as { type: string };
          if (message.type === 'tournament') resolve(message as TournamentFeedFrame);
        });
        socket.once('error', reject);
        socket.once('open', () => {
          socket.send(JSON.stringify({ type: 'watchTournament', tournamentId: ID }));
        });
      });
      try {
        expect((await frame).view.rounds.map((r) => [r.round, r.session])).toEqual([
          [1, { round: 1, session: 1, sessions: 2 }],
          [2, { round: 1, session: 2, sessions: 2 }],
        ]);
        // Round 1's last session played, round 2's first not paired: the on-air pages name it next.
        expect((await frame).view.nextSession).toEqual({ round: 2, session: 1, sessions: 2 });
      } finally {
        socket.close();
      }
    } finally {
      await server.stop();
    }
  });
});
