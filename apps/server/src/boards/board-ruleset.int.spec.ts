import { b2Cga2017 } from '@tablecast/bigtwo';
import { ddzCga2017, type DoudizhuRuleset } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, newBigTwoMatchRequest, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import type { BoardSetCreated, PublicBoard } from './board-requests';
import { BoardReveals } from './board-reveals.service';
import { playOutOverHttp } from './testing/ddz-http';

const T1 = 'dup_ruleset_t1';
const T2 = 'dup_ruleset_t2';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function created(
  referee: MatchClient,
  matchId: string,
  table: string,
  ruleset: DoudizhuRuleset,
): Promise<void> {
  const answer = await referee.request('POST', '/api/matches', {
    ...newDoudizhuMatchRequest(matchId, table, (seat) => `${table}-p${String(seat)}`),
    ruleset,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function dealAt(referee: MatchClient, board: PublicBoard, matchId: string): Promise<void> {
  const dealt = await referee.request('POST', `/api/boards/${board.id}/deal`, { matchId });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
}

async function logOf(server: TestServer, matchId: string): Promise<{ type: string; data: unknown }[]> {
  const store = server.app.get<AppEventStore>(EVENT_STORE);
  return (await store.readStream(matchStream(matchId))).map((e) => ({
    type: e.type,
    data: e.data,
  }));
}

describe('the duplicate reveal and the broadcast hold as the match’s ruleset sets them (real server)', () => {
  it('DEC-DDZ-4, DEC-DDZ-5, DEC-B2-4, DEC-B2-5: a value outside the choices is a 400 naming the ruleset field', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    for (const field of ['duplicateReveal', 'broadcastHold']) {
      for (const [body, ruleset] of [
        [newDoudizhuMatchRequest(`bad_ddz_${field}`), ddzCga2017],
        [newBigTwoMatchRequest(`bad_b2_${field}`), b2Cga2017],
      ] as const) {
        const answer = await referee.request('POST', '/api/matches', {
          ...body,
          ruleset: { ...ruleset, [field]: 'sometimes' },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(JSON.stringify(answer.body)).toContain(`ruleset.${field}`);
      }
    }
    // Left out, each field is the decision, recorded in the MatchCreated a replay folds.
    const older = Object.fromEntries(
      Object.entries(ddzCga2017).filter(
        ([field]) => field !== 'duplicateReveal' && field !== 'broadcastHold',
      ),
    );
    const answer = await referee.request('POST', '/api/matches', {
      ...newDoudizhuMatchRequest('older_ruleset'),
      ruleset: older,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [first] = await logOf(server, 'older_ruleset');
    expect(first?.data).toMatchObject({
      ruleset: { duplicateReveal: 'allTables', broadcastHold: 'lastTableDealt' },
    });
  }, 60_000);

  it('DEC-DDZ-4 ownEnd, DEC-DDZ-5 none: a set declaring two tables deals unheld, and table 1 reveals at its own end while table 2 has not played', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: '1000' });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const ruleset: DoudizhuRuleset = { ...ddzCga2017, duplicateReveal: 'ownEnd', broadcastHold: 'none' };
    await created(referee, T1, 't1', ruleset);
    await created(referee, T2, 't2', ruleset);
    const set = await referee.request<BoardSetCreated>('POST', '/api/boards', {
      game: 'doudizhu',
      boards: 1,
      tables: ['t1', 't2'],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const [board] = set.body.boards;
    if (board === undefined) throw new Error('no board');
    await dealAt(referee, board, T1);
    const started = (await logOf(server, T1)).find((e) => e.type === 'doudizhu.BoardStarted');
    expect(started?.data).toEqual(expect.not.objectContaining({ held: true }));
    expect(started?.data).toEqual(expect.not.objectContaining({ duplicate: true }));

    await playOutOverHttp(server, referee, T1, 'ruleset-own-end');
    const t1 = await logOf(server, T1);
    expect(t1.at(-1)).toMatchObject({ type: 'doudizhu.DeckRevealed', data: { board: 1 } });
    // Table 2 may still be dealt the board: the set reveals it only once every declared table has played it.
    await dealAt(referee, board, T2);
    await playOutOverHttp(server, referee, T2, 'ruleset-own-end-2');
    await server.app.get(BoardReveals).revealIfDue(board.id);
    for (const matchId of [T1, T2]) {
      const log = await logOf(server, matchId);
      expect(log.filter((e) => e.type === 'doudizhu.BoardHoldLifted')).toEqual([]);
      expect(log.filter((e) => e.type === 'doudizhu.DeckRevealed')).toHaveLength(
        log.filter((e) => e.type === 'doudizhu.DeckCommitted').length,
      );
    }
    const verified = await referee.request<{ verified: boolean }>('GET', `/api/boards/${board.id}/verify`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ verified: true });
  }, 90_000);
});
