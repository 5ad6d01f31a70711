import { ddzCga2017 } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import type { CommandAccepted } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { SeatSocket } from '../play/seat-socket.testing';
import { MatchClient, type ApiResponse } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TurnClockService } from './turn-clock.service';

/**
 * Who moved, on the real server and its SQLite log: a turn clock's default (`timeout`) comes from
 * the server's clock alone (DDZ-GEN-2), and the log records each move as the one who made it — the
 * clock as `system`, a seat token as the seat's `player`, the console as its `operator`.
 */
const MATCH = 'ddz_actor_t1';
/** Conditions reached in a moment on an idle machine, given room on a loaded one. */
const WAIT = { timeout: 10_000, interval: 20 };
type Answer = ApiResponse<CommandAccepted & { message?: string; statusCode?: number }>;

let server: TestServer;
let operator: MatchClient;
let seatTokens: readonly { readonly seat: string; readonly token: string }[];
let dealtAt: number;

beforeAll(async () => {
  server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
  const created = await operator.request('POST', '/api/matches', {
    game: 'doudizhu',
    matchId: MATCH,
    table: 't1',
    // A clock long enough never to run out by itself here: the test runs it out when it chooses.
    ruleset: { ...ddzCga2017, bidSeconds: 3_600 },
    players: ['赵一', '钱二', '孙三'].map((name, seat) => ({ id: `p${String(seat)}`, name, seat })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const dealt = await send(operator, 'api/matches', 0, {
    type: 'DealBoard',
    board: 1,
    seed: 'actor-board-1',
  });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  dealtAt = dealt.body.revision;
  const issued = await operator.request<{ seats: { seat: string; token: string }[] }>(
    'POST',
    `/api/matches/${MATCH}/seat-tokens`,
  );
  expect(issued.status).toBe(201);
  seatTokens = issued.body.seats;
});
afterAll(async () => {
  await server.stop();
});

let key = 0;
function send(client: MatchClient, path: string, revision: number, command: object): Promise<Answer> {
  key += 1;
  const route = path === 'api/play' ? `/api/play/${MATCH}/commands` : `/api/matches/${MATCH}/commands`;
  return client.request('POST', route, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `actor-test-${String(key).padStart(4, '0')}`,
    command,
  });
}

function tokenOf(seat: string): string {
  const found = seatTokens.find((s) => s.seat === seat);
  if (found === undefined) throw new Error(`no token for seat ${seat}`);
  return found.token;
}

async function log(): Promise<readonly { type: string; data: unknown; metadata: { actor: unknown } }[]> {
  return server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(MATCH));
}

const bidsOf = async (): Promise<unknown[]> =>
  (await log()).filter((e) => e.type === 'doudizhu.BidMade').map((e) => e.metadata.actor);

describe("the turn clock's default is the server's, and each move is recorded as its maker's", () => {
  it('a timeout sent by any client is 403 naming the command: operator, referee, seat token, websocket', async () => {
    const timeout = { type: 'Bid', seat: 0, bid: 'pass', timeout: { revision: dealtAt } };
    // HTTP: the console's route (operator, referee) and the terminal's (a seat token).
    for (const [client, path] of [
      [operator, 'api/matches'],
      [new MatchClient(server.url, TEST_TOKENS.referee), 'api/matches'],
      [new MatchClient(server.url, tokenOf('0')), 'api/play'],
    ] as const) {
      const answer = await send(client, path, dealtAt, timeout);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(403);
      expect(answer.body.message).toContain('Bid with a timeout');
    }

    // The terminal's websocket takes the same command path as its HTTP route.
    const socket = await SeatSocket.open(server.url);
    try {
      socket.send({ type: 'join', token: tokenOf('0') });
      await vi.waitFor(() => {
        expect(socket.frames.map((f) => f.frame.type)).toContain('joined');
      }, WAIT);
      socket.send({
        type: 'command',
        requestId: 'timeout-over-ws',
        request: { game: 'doudizhu', revision: dealtAt, idempotencyKey: 'actor-test-ws', command: timeout },
      });
      const result = await vi.waitFor(() => {
        const found = socket.frames.find((f) => f.frame.type === 'commandResult');
        if (found === undefined) throw new Error('no commandResult yet');
        return found.frame;
      }, WAIT);
      expect(result).toMatchObject({ requestId: 'timeout-over-ws', ok: false, error: { statusCode: 403 } });
      expect(JSON.stringify(result)).toContain('Bid with a timeout');
    } finally {
      socket.close();
    }
    expect(await bidsOf()).toEqual([]);
  });

  it('the clock still sends it (recorded as system), then a seat token plays as the player, the console as operator', async () => {
    const clock = server.app.get(TurnClockService);
    await vi.waitFor(() => {
      expect(clock.armedAt(MATCH)).toBe(dealtAt);
    }, WAIT);
    expect(await clock.expire(MATCH)).toBe('recorded');
    const afterClock = (await log()).length - 1;

    const player = await send(new MatchClient(server.url, tokenOf('1')), 'api/play', afterClock, {
      type: 'Bid',
      seat: 1,
      bid: 'pass',
    });
    expect(player.status, JSON.stringify(player.body)).toBe(200);
    const keyed = await send(operator, 'api/matches', player.body.revision, { type: 'Bid', seat: 2, bid: 1 });
    expect(keyed.status, JSON.stringify(keyed.body)).toBe(200);

    expect(await bidsOf()).toEqual([
      { id: 'turn-clock', role: 'system' },
      { id: `player:${MATCH}#1`, role: 'player' },
      { id: 'operator:t1', role: 'operator' },
    ]);
  });
});
