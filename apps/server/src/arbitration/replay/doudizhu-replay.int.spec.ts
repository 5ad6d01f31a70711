import type { CommandAccepted } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchClient, newDoudizhuMatchRequest } from '../../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../../testing/staff-tokens';
import { startTestServer, type TestServer } from '../../testing/test-server';

/**
 * The arbiters' replay of a Dou Dizhu match over HTTP (real server, real SQLite): every position
 * of its stream folded by its own module, shown as the module's staff view (every hand visible).
 */
const MATCH = 'ddz_replay_t1';

let server: TestServer;
let arbiter: MatchClient;
let revision = 0;

interface DdzReplay {
  readonly position: number;
  readonly lastPosition: number;
  readonly event: { readonly type: string; readonly revision: number };
  readonly status: string;
  readonly view: {
    readonly game: string;
    readonly board: { readonly phase: string; readonly bids: readonly unknown[] } | null;
    readonly seats: readonly { readonly hand: readonly unknown[] | null }[];
  };
  readonly names: unknown;
}

beforeAll(async () => {
  server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  arbiter = new MatchClient(server.url, TEST_TOKENS.arbiter);
  const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
  const created = await operator.request<CommandAccepted>(
    'POST',
    '/api/matches',
    newDoudizhuMatchRequest(MATCH, 't1'),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const commands = [
    { type: 'DealBoard', board: 1, seed: 'ddz-replay-board-1' },
    { type: 'Bid', seat: 0, bid: 1 },
    { type: 'Bid', seat: 1, bid: 'pass' },
  ];
  for (const [n, command] of commands.entries()) {
    const answer = await operator.request<CommandAccepted>('POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision,
      idempotencyKey: `ddz-replay-${String(n)}`,
      command,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    revision = answer.body.revision;
  }
});

afterAll(async () => {
  await server.stop();
});

describe('the replay of a Dou Dizhu match', () => {
  it('answers every position with the module’s staff view: before the deal, and in the bidding with every hand', async () => {
    const first = await arbiter.request<DdzReplay>('GET', `/api/matches/${MATCH}/replay?position=0`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ position: 0, lastPosition: revision, status: 'betweenBoards' });
    expect(first.body.event.type).toBe('MatchCreated');
    expect(first.body.view.game).toBe('doudizhu');
    expect(first.body.view.board).toBeNull();

    const last = await arbiter.request<DdzReplay>('GET', `/api/matches/${MATCH}/replay`);
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.position).toBe(revision);
    expect(last.body.view.board?.phase).toBe('bidding');
    expect(last.body.view.board?.bids).toHaveLength(2);
    // The committee sees every hand: 17 cards each, none hidden.
    expect(last.body.view.seats.map((seat) => seat.hand?.length)).toEqual([17, 17, 17]);
  });

  it('answers a position the match does not have with a 400 naming `position`', async () => {
    const beyond = await arbiter.request(
      'GET',
      `/api/matches/${MATCH}/replay?position=${String(revision + 1)}`,
    );
    expect(beyond.status).toBe(400);
    expect(JSON.stringify(beyond.body)).toContain('position');
  });

  it('refuses a sandbox, which Dou Dizhu’s engine does not offer, naming `event` (400)', async () => {
    const sandbox = await arbiter.request('POST', `/api/matches/${MATCH}/replay/sandbox`, {
      position: 2,
      event: { type: 'BidMade', data: { seat: 0, bid: 2 } },
    });
    expect(sandbox.status, JSON.stringify(sandbox.body)).toBe(400);
    expect(JSON.stringify(sandbox.body)).toContain('has no sandbox');
  });
});
