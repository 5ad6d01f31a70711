import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEAT_TOKENS_FILE_NAME } from '../auth/seat-tokens';
import { MatchClient, type ApiResponse, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer, type TestServer } from '../testing/test-server';

const MATCH = 'ddz_seat_t1';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

interface Issued {
  readonly matchId: string;
  readonly seats: readonly { readonly seat: string; readonly token: string; readonly url: string }[];
}

async function tableWithMatch(): Promise<TestServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  servers.push(server);
  const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
  const created = await operator.request('POST', '/api/matches', newDoudizhuMatchRequest(MATCH, 't1'));
  expect(created.status).toBe(201);
  const dealt = await operator.request('POST', `/api/matches/${MATCH}/commands`, {
    game: 'doudizhu',
    revision: 0,
    idempotencyKey: 'deal-board-1',
    command: { type: 'DealBoard', board: 1, seed: 'seat-tokens-board-1' },
  });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return server;
}

function seatMove(
  server: TestServer,
  token: string,
  matchId: string,
  revision: number,
  command: Record<string, unknown>,
  key: string,
): Promise<ApiResponse<{ revision?: number; message?: string; rule?: string }>> {
  return new MatchClient(server.url, token).request('POST', `/api/play/${matchId}/commands`, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `seat-move-${key}`,
    command,
  });
}

describe('seat tokens (real server, real SQLite)', () => {
  it('the table operator issues one token per seat; each plays only its own seat of its own match', async () => {
    const server = await tableWithMatch();
    const otherTable = new MatchClient(server.url, TEST_TOKENS.operatorT2);
    const refused = await otherTable.request('POST', `/api/matches/${MATCH}/seat-tokens`);
    expect(refused.status).toBe(403);
    const viewer = new MatchClient(server.url, undefined);
    expect((await viewer.request('POST', `/api/matches/${MATCH}/seat-tokens`)).status).toBe(401);

    const issued = await new MatchClient(server.url, TEST_TOKENS.operatorT1).request<Issued>(
      'POST',
      `/api/matches/${MATCH}/seat-tokens`,
    );
    expect(issued.status).toBe(201);
    expect(issued.body.seats.map((s) => s.seat)).toEqual(['0', '1', '2']);
    const [seat0, seat1] = issued.body.seats;
    if (!seat0 || !seat1) throw new Error('two seats at least');
    expect(seat0.url).toBe(`/overlays/play/?match=${MATCH}#token=${seat0.token}`);
    expect(new Set(issued.body.seats.map((s) => s.token)).size).toBe(3);
    // The short link redirects to the page; the browser keeps the #token fragment.
    const short = await fetch(`${server.url}/play/?match=${MATCH}`, { redirect: 'manual' });
    expect([short.status, short.headers.get('location')]).toEqual([302, `/overlays/play/?match=${MATCH}`]);
    // Kept as digests only, like the staff tokens.
    const file = readFileSync(join(server.dataDir, SEAT_TOKENS_FILE_NAME), 'utf8');
    for (const { token } of issued.body.seats) expect(file).not.toContain(token);

    // Seat 1 may not bid for seat 0 (whose turn it is), nor send a staff command, nor play elsewhere.
    const forOther = await seatMove(server, seat1.token, MATCH, 3, { type: 'Bid', seat: 0, bid: 1 }, 'k1');
    expect(forOther.status).toBe(403);
    expect(forOther.body.message).toContain("seat 1's token may not play for seat 0");
    const staffCommand = await seatMove(server, seat1.token, MATCH, 3, { type: 'EndMatch' }, 'k2');
    expect(staffCommand.status).toBe(403);
    expect(staffCommand.body.message).toContain('EndMatch is staff');
    const elsewhere = await seatMove(server, seat1.token, 'other_match', 3, { type: 'Pass', seat: 1 }, 'k3');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toContain(`plays match ${MATCH}, not other_match`);
    // A staff route answers a seat token 403, naming why, not "unknown token".
    const staffRoute = await new MatchClient(server.url, seat1.token).request(
      'POST',
      `/api/matches/${MATCH}/commands`,
      { game: 'doudizhu', revision: 3, idempotencyKey: 'seat-move-k4', command: { type: 'Pass', seat: 1 } },
    );
    expect(staffRoute.status).toBe(403);
    expect(JSON.stringify(staffRoute.body)).toContain('a seat token plays only its own seat (1)');
    expect((await seatMove(server, 'not-a-token', MATCH, 3, { type: 'Pass', seat: 1 }, 'k5')).status).toBe(
      401,
    );

    // Its own move goes through the rules engine: out of turn is the rule's 422, in turn it is played.
    const outOfTurn = await seatMove(server, seat1.token, MATCH, 3, { type: 'Bid', seat: 1, bid: 1 }, 'k6');
    expect(outOfTurn.status).toBe(422);
    expect(outOfTurn.body.rule).toBe('DDZ-BID-2');
    const bid = await seatMove(server, seat0.token, MATCH, 3, { type: 'Bid', seat: 0, bid: 1 }, 'k7');
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);
    // A retry with the same key is answered, not applied twice.
    const retry = await seatMove(server, seat0.token, MATCH, 3, { type: 'Bid', seat: 0, bid: 1 }, 'k7');
    expect(retry.status).toBe(200);
    expect(retry.body.revision).toBe(bid.body.revision);

    // Reissued: the old link stops working; the tokens survive a restart.
    const again = await new MatchClient(server.url, TEST_TOKENS.referee).request<Issued>(
      'POST',
      `/api/matches/${MATCH}/seat-tokens`,
    );
    expect(again.status).toBe(201);
    const stale = await seatMove(server, seat1.token, MATCH, 4, { type: 'Bid', seat: 1, bid: 2 }, 'k8');
    expect(stale.status).toBe(401);
    await server.app.close();
    const restarted = await restartTestServer(server, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    servers.splice(servers.indexOf(server), 1, restarted);
    const fresh = again.body.seats[1];
    if (!fresh) throw new Error('seat 1 reissued');
    const afterRestart = await seatMove(
      restarted,
      fresh.token,
      MATCH,
      4,
      { type: 'Bid', seat: 1, bid: 2 },
      'k9',
    );
    expect(afterRestart.status, JSON.stringify(afterRestart.body)).toBe(200);
  });
});
