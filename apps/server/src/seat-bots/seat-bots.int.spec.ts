import type { BigTwoState } from '@tablecast/bigtwo';
import { seededPrng } from '@tablecast/cards';
import { seatBotCommand, seatsToAct, type DoudizhuState } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDdzMatch, sendDdz } from '../boards/testing/ddz-http';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient, newBigTwoMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

const MATCH = 'bots_vs_person_t1';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function stateOf(server: TestServer): Promise<{ revision: number; state: DoudizhuState }> {
  const match = await server.app.get(MatchCommandService).read(MATCH);
  return { revision: match.revision, state: match.state as DoudizhuState };
}

describe('bots on seats (real server, real SQLite)', () => {
  it('DDZ-GEN-3: two bot seats and a person on seat 0 keying over HTTP play a board to its end (人机赛)', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    let revision = await createDdzMatch(operator, MATCH, 't1');
    for (const seat of [1, 2]) {
      const seated = await operator.request('POST', '/api/seat-bots', {
        matchId: MATCH,
        seat,
        seed: `bot-${String(seat)}`,
      });
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
      // The seat is answered as the request took it: a number stays a number.
      expect(seated.body).toEqual({ matchId: MATCH, seat, paceMs: 0 });
    }
    const listed = await operator.request<unknown[]>('GET', '/api/seat-bots');
    expect(listed.body).toEqual([1, 2].map((seat) => ({ matchId: MATCH, seat, paceMs: 0 })));
    const dealt = await sendDdz(operator, MATCH, revision, {
      type: 'DealBoard',
      board: 1,
      seed: 'bots-board-1',
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);

    // The person: whenever seat 0 must act, he decides and keys his move at the revision he saw.
    const person = seededPrng('the person');
    let personMoves = 0;
    for (let guard = 0; guard < 400; guard += 1) {
      const { state } = await vi.waitFor(
        async () => {
          const now = await stateOf(server);
          if (now.state.status === 'inBoard' && !seatsToAct(now.state).includes(0))
            throw new Error('bots to move');
          return now;
        },
        { timeout: 20_000, interval: 20 },
      );
      if (state.status !== 'inBoard') break;
      const current = await stateOf(server);
      revision = current.revision;
      const move = seatBotCommand(current.state, 0, person);
      if (move === null) continue;
      const answer = await sendDdz(operator, MATCH, revision, move);
      // A bot's move may land between the read and the send (the defenders double at once): 409, read again.
      if (answer.status === 409) continue;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      personMoves += 1;
    }
    const ended = await stateOf(server);
    expect(ended.state.status).toBe('betweenBoards');
    expect(ended.state.completed.map((b) => b.board)).toEqual([1]);
    expect(personMoves).toBeGreaterThan(0);

    // Every move is in the log, keyed by whoever made it: the person's console or a seat's bot.
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
    const actors = new Set(log.map((e) => e.metadata.actor.id));
    expect(actors).toContain('operator:t1');
    expect(actors).toContain('bot:t1:seat-1');
    expect(actors).toContain('bot:t1:seat-2');
    const bySeatBot = log.filter((e) => e.metadata.actor.id.startsWith('bot:'));
    expect(bySeatBot.length).toBeGreaterThan(2);
    // A bot is recorded as the seat's player (role player, as a terminal's move), never as the
    // operator: arbitration tells the software's move from one the operator keyed.
    expect(new Set(bySeatBot.map((e) => e.metadata.actor.role))).toEqual(new Set(['player']));
    expect(
      log.filter((e) => e.metadata.actor.role === 'operator').map((e) => e.metadata.actor.id),
    ).not.toContainEqual(expect.stringMatching(/^bot:/));

    // Unseated: the seat is free for a person again.
    expect((await operator.request('DELETE', `/api/seat-bots/${MATCH}/1`)).body).toEqual({ removed: true });
    expect((await operator.request<unknown[]>('GET', '/api/seat-bots')).body).toHaveLength(1);
  });

  it('B2-PLAY-*: bots on all four Big Two seats show, double and play a board to its end through the command path', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const match = 'b2_bots_t1';
    const created = await operator.request<{ revision: number }>(
      'POST',
      '/api/matches',
      newBigTwoMatchRequest(match, 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const seat of ['S', 'E', 'N', 'W']) {
      const seated = await operator.request<{ seat: string }>('POST', '/api/seat-bots', {
        matchId: match,
        seat,
        seed: `b2-bot-${seat}`,
      });
      expect(seated.status, JSON.stringify(seated.body)).toBe(201);
      expect(seated.body.seat).toBe(seat);
    }
    const dealt = await operator.request('POST', `/api/matches/${match}/commands`, {
      game: 'bigtwo',
      revision: created.body.revision,
      idempotencyKey: 'b2-bots-deal-1',
      command: { type: 'DealBoard', board: 1, seed: 'b2-bots-board-1' },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    const ended = await vi.waitFor(
      async () => {
        const now = await server.app.get(MatchCommandService).read(match);
        const state = now.state as BigTwoState;
        if (state.status !== 'betweenBoards') throw new Error(`still ${state.status}`);
        return state;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(ended.completed.map((b) => b.board)).toEqual([1]);
    expect(Object.values(ended.completed[0]?.scores ?? {}).reduce((a, b) => a + b, 0)).toBe(0);

    // Every show, double, play and pass was a bot's, each recorded as its seat's player.
    const log = await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(match));
    const seatMoves = log.filter((e) =>
      ['HandShown', 'ShowDeclined', 'DoubleChosen', 'CardsPlayed', 'Passed']
        .map((type) => `bigtwo.${type}`)
        .includes(e.type),
    );
    const types = new Set<string>(seatMoves.map((e) => e.type));
    expect(types.has('bigtwo.CardsPlayed')).toBe(true);
    for (const event of seatMoves) {
      const seat = (event.data as { seat?: string }).seat ?? '';
      expect(event.metadata.actor, event.type).toEqual({ id: `bot:t1:seat-${seat}`, role: 'player' });
    }
    expect(new Set(seatMoves.map((e) => e.metadata.actor.id)).size).toBe(4);
    for (const seat of ['S', 'E', 'N', 'W'])
      expect((await operator.request('DELETE', `/api/seat-bots/${match}/${seat}`)).body).toEqual({
        removed: true,
      });
  });

  it('refuses an unknown match (404), another table’s operator (403) and a seat not at the table (400 naming seat)', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.push(server);
    const referee = new MatchClient(server.url, TEST_TOKENS.referee);
    const operatorT2 = new MatchClient(server.url, TEST_TOKENS.operatorT2);
    await createDdzMatch(referee, MATCH, 't1');
    expect(
      (await referee.request('POST', '/api/seat-bots', { matchId: 'no_such_match', seat: 0 })).status,
    ).toBe(404);
    expect((await operatorT2.request('POST', '/api/seat-bots', { matchId: MATCH, seat: 0 })).status).toBe(
      403,
    );
    const badSeat = await referee.request('POST', '/api/seat-bots', { matchId: MATCH, seat: 3 });
    expect(badSeat.status).toBe(400);
    expect(JSON.stringify(badSeat.body)).toContain('seat');
  });
});
