import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import type { BoardDealt } from './board-sets.service';
import type { BoardVerification } from './board-verification';
import { b2StateOf, createB2Match, playOutB2OverHttp } from './testing/b2-http';

const match = (table: string): string => `b2_dup_${table}`;

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function logTypes(server: TestServer, matchId: string): Promise<string[]> {
  const store = server.app.get<AppEventStore>(EVENT_STORE);
  return (await store.readStream(matchStream(matchId))).map((e): string => e.type);
}

async function dealAt(referee: MatchClient, board: PublicBoard, matchId: string): Promise<BoardDealt> {
  const dealt = await referee.request<BoardDealt>('POST', `/api/boards/${board.id}/deal`, { matchId });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return dealt.body;
}

describe('Big Two duplicate boards through the seam, with declared tables (real server, real SQLite)', () => {
  it('B2-GEN-1, DEC-B2-4: a set declaring t1 and t2 deals the identical board at both; t1’s end reveals nothing while t2 has not even been dealt it; t2’s end reveals it at both, and it verifies', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const anyone = new MatchClient(server.url, undefined);
    for (const table of ['t1', 't2', 't3']) await createB2Match(referee, match(table), table);

    const created = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'bigtwo',
      boards: 1,
      tables: ['t1', 't2'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.tables).toEqual(['t1', 't2']);
    const [board] = created.body.boards;
    if (board === undefined) throw new Error('no board');

    await dealAt(referee, board, match('t1'));
    // A table the set does not declare is refused, naming the field.
    const undeclared = await referee.request('POST', `/api/boards/${board.id}/deal`, {
      matchId: match('t3'),
    });
    expect(undeclared.status).toBe(400);
    expect(JSON.stringify(undeclared.body)).toContain('matchId');
    expect(await logTypes(server, match('t3'))).not.toContain('bigtwo.BoardStarted');

    // Table 1 plays the board out before table 2 is dealt it: the declared table 2 is still to play it.
    await playOutB2OverHttp(server, referee, match('t1'), 'b2-dup-t1');
    expect((await b2StateOf(server, match('t1'))).state.status).toBe('betweenBoards');
    const early = await anyone.request<BoardVerification>('GET', `/api/boards/${board.id}/verify`);
    expect(early.body).toMatchObject({ revealed: null, verified: false });
    expect(await logTypes(server, match('t1'))).not.toContain('bigtwo.DeckRevealed');

    await dealAt(referee, board, match('t2'));
    const [t1, t2] = await Promise.all([b2StateOf(server, match('t1')), b2StateOf(server, match('t2'))]);
    // Identical deals: the same order, so the same 13 cards per seat and the same commitment.
    expect(t2.state.board?.order).toEqual(t1.state.board?.order);
    expect(t2.state.board?.commitment).toBe(board.commitment);
    expect(await logTypes(server, match('t1'))).not.toContain('bigtwo.DeckRevealed');

    await playOutB2OverHttp(server, referee, match('t2'), 'b2-dup-t2');
    const verified = await vi.waitFor(
      async () => {
        const answer = await anyone.request<BoardVerification[]>(
          'GET',
          `/api/boards/sets/${created.body.set}/verify`,
        );
        expect(answer.body.map((b) => b.verified)).toEqual([true]);
        return answer.body;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(verified[0]?.tables.map((t) => [t.table, t.matches, t.revealed])).toEqual([
      ['t1', true, true],
      ['t2', true, true],
    ]);
    expect(verified[0]?.revealed?.order).toEqual(t1.state.board?.order);
    for (const table of ['t1', 't2'])
      expect((await logTypes(server, match(table))).filter((t) => t === 'bigtwo.DeckRevealed')).toHaveLength(
        1,
      );
  }, 120_000);

  it('a set’s declared tables are validated: 400 naming `tables`', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    for (const tables of [[], ['t1', 't1'], [''], 't1']) {
      const answer = await referee.request('POST', '/api/boards', { game: 'bigtwo', boards: 1, tables });
      expect(answer.status, JSON.stringify(tables)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('tables');
    }
  });
});
