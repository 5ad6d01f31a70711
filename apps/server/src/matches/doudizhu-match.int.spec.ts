import { seededPrng } from '@tablecast/cards';
import { ddzCga2017, randomLegalDdzCommand, type DoudizhuState } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import type { CommandAccepted } from '@tablecast/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, type ApiResponse, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';
import { MatchCommandService } from './match-command.service';

/**
 * Dou Dizhu through the same command path as Guandan: created over HTTP with `game: 'doudizhu'`,
 * every command read by its module's command schema, decided by its module, stored in the real
 * SQLite log, and folded back by a new server on the same data dir.
 */
const MATCH = 'ddz_final_t1';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function started(): Promise<TestServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  servers.push(server);
  return server;
}

/** The match as the command path folds it: its module's state. */
async function stateOf(server: TestServer): Promise<{ revision: number; state: DoudizhuState }> {
  const match = await server.app.get(MatchCommandService).read(MATCH);
  expect(match.game).toBe('doudizhu');
  return { revision: match.revision, state: match.state as DoudizhuState };
}

let key = 0;
function command(
  client: MatchClient,
  revision: number,
  sent: Record<string, unknown>,
): Promise<ApiResponse<CommandAccepted & { rule?: string }>> {
  key += 1;
  return client.request('POST', `/api/matches/${MATCH}/commands`, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `ddz-key-${String(key).padStart(4, '0')}`,
    command: sent,
  });
}

async function accepted(
  client: MatchClient,
  revision: number,
  sent: Record<string, unknown>,
): Promise<number> {
  const answer = await command(client, revision, sent);
  expect(answer.status, `${JSON.stringify(sent)}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.revision;
}

describe('a Dou Dizhu match over HTTP (real server, real SQLite)', () => {
  it('plays a whole board by HTTP commands: 422 names the DDZ rule, 409 for a stale revision, a restart folds it back', async () => {
    const first = await started();
    const operator = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<CommandAccepted>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest(MATCH, 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.events.map((e) => e.type)).toEqual(['MatchCreated']);
    expect(created.body.events[0]?.data).toMatchObject({
      game: 'doudizhu',
      seats: ['0', '1', '2'],
      table: 't1',
    });

    let revision = await accepted(operator, 0, { type: 'DealBoard', board: 1, seed: 'ddz-final-board-1' });
    expect((await stateOf(first)).state.board?.phase).toBe('bidding');

    // DDZ-BID-2: seat 0 bids first under cga2017 (DEC-DDZ-2); seat 1 may not bid now.
    const outOfTurn = await command(operator, revision, { type: 'Bid', seat: 1, bid: 1 });
    expect(outOfTurn.status).toBe(422);
    expect(outOfTurn.body.rule).toBe('DDZ-BID-2');
    // Malformed for Dou Dizhu (a Guandan seat): a 400 naming the field.
    const malformed = await command(operator, revision, { type: 'Bid', seat: 'S', bid: 1 });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('command.seat');

    revision = await accepted(operator, revision, { type: 'Bid', seat: 0, bid: 1 });
    revision = await accepted(operator, revision, { type: 'Bid', seat: 1, bid: 'pass' });
    revision = await accepted(operator, revision, { type: 'Bid', seat: 2, bid: 3 });
    // A command made against a revision the match has moved past.
    const stale = await command(operator, revision - 1, { type: 'Double', seat: 0, double: true });
    expect(stale.status).toBe(409);
    const bidding = (await stateOf(first)).state.board;
    expect(bidding).toMatchObject({ landlord: 2, phase: 'doubling' });

    revision = await accepted(operator, revision, { type: 'Double', seat: 0, double: true });
    revision = await accepted(operator, revision, { type: 'Double', seat: 1, double: false });
    expect((await stateOf(first)).state.board?.phase).toBe('redoubling');
    revision = await accepted(operator, revision, { type: 'Redouble', seat: 2, redouble: true });
    expect((await stateOf(first)).state.board).toMatchObject({ phase: 'play', redoubled: true });

    // The play, to the end of the board: a legal move for whoever must act, sent over HTTP.
    const prng = seededPrng('ddz-final-play');
    let plays = 0;
    for (;;) {
      const { state } = await stateOf(first);
      if (state.status !== 'inBoard') break;
      const next = randomLegalDdzCommand(state, prng, { timeoutPerMille: 0 });
      if (next === null) break;
      revision = await accepted(operator, revision, next as unknown as Record<string, unknown>);
      plays += 1;
    }
    expect(plays).toBeGreaterThan(5);
    const ended = await stateOf(first);
    expect(ended.state.status).toBe('betweenBoards');
    expect(ended.revision).toBe(revision);

    // The log holds the game's events under its own names, and opens with the platform MatchCreated.
    const log = await first.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    expect(log[0]?.type).toBe('MatchCreated');
    expect(log.map((event): string => event.type)).toContain('doudizhu.BoardEnded');

    await first.app.close();
    const second = await restartTestServer(first, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.splice(servers.indexOf(first), 1, second);
    expect(await stateOf(second)).toEqual(ended);
    // The folded match decides on: the next board is dealt by the new server.
    const again = new MatchClient(second.url, TEST_TOKENS.operatorT1);
    await accepted(again, revision, { type: 'DealBoard', board: 2, seed: 'ddz-final-board-2' });
    expect((await stateOf(second)).state.board?.phase).toBe('bidding');
  });

  it('refuses a Guandan command for a Dou Dizhu match, and an unknown game, naming `game`', async () => {
    const server = await started();
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const unknown = await referee.request('POST', '/api/matches', {
      game: 'mahjong',
      matchId: 'mj1',
      table: 't1',
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('unknown game \\"mahjong\\"');
    const created = await referee.request('POST', '/api/matches', {
      game: 'doudizhu',
      matchId: MATCH,
      table: 't1',
      ruleset: ddzCga2017,
      players: [
        { id: 'p0', name: 'A', seat: 0 },
        { id: 'p1', name: 'B', seat: 1 },
        { id: 'p2', name: 'C', seat: 2 },
      ],
    });
    expect(created.status).toBe(201);
    const guandan = await referee.request('POST', `/api/matches/${MATCH}/commands`, {
      revision: 0,
      idempotencyKey: 'guandan-key-1',
      command: { type: 'DealCards', seed: 'x' },
    });
    expect(guandan.status).toBe(400);
    expect(JSON.stringify(guandan.body)).toContain('is a doudizhu match');
  });
});
