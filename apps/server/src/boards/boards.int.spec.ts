import type { Face } from '@tablecast/cards';
import { dealOut } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated } from './board-requests';
import type { BoardDealt, BoardResults } from './board-sets.service';
import type { BoardVerification } from './board-verification';
import { createDdzMatch, ddzStateOf, playOutOverHttp } from './testing/ddz-http';

const TABLES = ['t1', 't2', 't3'] as const;
const matchAt = (table: string): string => `dup_final_${table}`;

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const stateOf = ddzStateOf;
const playOut = playOutOverHttp;

describe('duplicate boards (real server, real SQLite)', () => {
  it('DDZ-GEN-1: three tables dealt board 1 hold identical hands per seat and publish one commitment; each result is reported, and the revealed deal verifies', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const anyone = new MatchClient(server.url, undefined);
    for (const table of TABLES) await createDdzMatch(referee, matchAt(table), table);

    const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.boards.map((b) => b.number)).toEqual([1, 2]);
    const [board] = created.body.boards;
    if (board === undefined) throw new Error('no board');
    expect(board.commitment).toMatch(/^[0-9a-f]{64}$/);
    // Sealed: nothing of the seed or the salt is in the answer.
    expect(Object.keys(board).sort()).toEqual(['commitment', 'id', 'number']);

    for (const table of TABLES) {
      const dealt = await referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, {
        matchId: matchAt(table),
        revision: 0,
      });
      expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
      expect(dealt.body.commitment).toBe(board.commitment);
    }
    const dealtStates = await Promise.all(TABLES.map((t) => stateOf(server, matchAt(t))));
    const hands = dealtStates.map(({ state }) => state.board?.hands);
    expect(hands[0]?.map((h) => h.length)).toEqual([17, 17, 17]);
    expect(hands[1]).toEqual(hands[0]);
    expect(hands[2]).toEqual(hands[0]);
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    for (const table of TABLES) {
      const log = await store.readStream(matchStream(matchAt(table)));
      const committed = log.find((e): boolean => (e.type as string) === 'doudizhu.DeckCommitted');
      expect(committed?.data as unknown).toEqual({ board: 1, redeal: 0, commitment: board.commitment });
    }

    // Before every table has played it, each table checks against the commitment; nothing is revealed.
    const early = await anyone.request<BoardVerification>('GET', `/api/boards/${board.id}/verify`);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ revealed: null, verified: false });
    expect(early.body.tables.map((t) => [t.table, t.matches])).toEqual(TABLES.map((t) => [t, true]));

    await playOut(server, referee, matchAt('t1'), 'play-t1');
    await playOut(server, referee, matchAt('t2'), 'play-t2');
    const partly = await anyone.request<BoardResults>('GET', `/api/boards/${board.id}/results`);
    expect(partly.body.tables.map((t) => t.result === null)).toEqual([false, false, true]);
    expect(
      (await anyone.request<BoardVerification>('GET', `/api/boards/${board.id}/verify`)).body.revealed,
    ).toBeNull();
    await playOut(server, referee, matchAt('t3'), 'play-t3');

    const results = await anyone.request<BoardResults>('GET', `/api/boards/${board.id}/results`);
    expect(results.status).toBe(200);
    for (const { result: played } of results.body.tables) {
      if (played === null) throw new Error('a table has no result');
      expect(played.board).toBe(board.id);
      expect(played.deal).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.values(played.scores).reduce((a, b) => a + b, 0)).toBe(0);
    }

    // The set reveals the deal at every table once the last has played it (asynchronously, from the log).
    const verified = await vi.waitFor(async () => {
      const answer = await anyone.request<BoardVerification>('GET', `/api/boards/${board.id}/verify`);
      expect(answer.body).toMatchObject({ orderMatches: true, verified: true });
      return answer;
    });
    const order = verified.body.revealed?.order ?? [];
    // The revealed order deals exactly the hands every table held.
    expect(dealOut(order as Face[]).hands).toEqual(hands[0]);
  });

  it('refuses what it must: 400 naming the field, 403 for another table, 404 for no board, 409 for a stale revision, 422 with the rule', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const operatorT1 = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    await createDdzMatch(referee, matchAt('t1'), 't1');
    await createDdzMatch(referee, matchAt('t2'), 't2');

    const guandan = await referee.request('POST', '/api/boards', { game: 'guandan', boards: 2 });
    expect(guandan.status).toBe(400);
    expect(JSON.stringify(guandan.body)).toContain('game');
    const none = await referee.request('POST', '/api/boards', { game: 'doudizhu', boards: 0 });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('boards');
    expect((await operatorT1.request('POST', '/api/boards', { game: 'doudizhu', boards: 1 })).status).toBe(
      403,
    );
    const set = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
    });
    const id = set.body.boards[0]?.id ?? '';

    expect(
      (await operatorT1.request('POST', `/api/boards/${id}/deal`, { matchId: matchAt('t2') })).status,
    ).toBe(403);
    expect(
      (await referee.request('POST', '/api/boards/boards_nope-1/deal', { matchId: matchAt('t1') })).status,
    ).toBe(404);
    expect((await referee.request('GET', '/api/boards/boards_nope-1/verify')).status).toBe(404);
    const stale = await operatorT1.request('POST', `/api/boards/${id}/deal`, {
      matchId: matchAt('t1'),
      revision: 3,
    });
    expect(stale.status).toBe(409);
    expect(
      (await operatorT1.request('POST', `/api/boards/${id}/deal`, { matchId: matchAt('t1'), revision: 0 }))
        .status,
    ).toBe(200);
    // The board is in play at t1: another deal there breaks the rule that starts a board only between boards.
    const again = await operatorT1.request<{ rule?: string }>('POST', `/api/boards/${id}/deal`, {
      matchId: matchAt('t1'),
    });
    expect(again.status).toBe(422);
    expect(again.body.rule).toBe('DDZ-DEAL-1');
  });
});
