import { matchStream } from '@tablecast/events';
import { afterEach, expect } from 'vitest';
import { newDoudizhuMatchRequest, type ApiResponse, type MatchClient } from '../../testing/match-client';
import { SeatSocket } from '../seat-socket.testing';

/** The seats' tokens of a match as `POST /api/matches/:id/seat-tokens` answers them (201). */
export interface IssuedSeatTokens<Seat extends string = string> {
  readonly seats: readonly { readonly seat: Seat; readonly token: string }[];
}

/** Asks for the match's seat tokens with a staff client; the spec checks the answer's status. */
export function issueSeatTokens<Seat extends string = string>(
  staff: MatchClient,
  matchId: string,
): Promise<ApiResponse<IssuedSeatTokens<Seat>>> {
  return staff.request<IssuedSeatTokens<Seat>>('POST', `/api/matches/${matchId}/seat-tokens`);
}

/** The seat sockets of the enclosing describe: each closed after its test. */
export interface SeatSockets {
  /** A socket of `/ws/play` on the server at `baseUrl`, not joined yet. */
  open(baseUrl: string): Promise<SeatSocket>;
  /** A socket that has sent its join with `token` (the answer is the spec's to wait for). */
  join(baseUrl: string, token: string | undefined): Promise<SeatSocket>;
}

/** Opens seat sockets as a terminal does, and closes every one of them after each test. */
export function useSeatSockets(): SeatSockets {
  const sockets: SeatSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  const open = async (baseUrl: string): Promise<SeatSocket> => {
    const socket = await SeatSocket.open(baseUrl);
    sockets.push(socket);
    return socket;
  };
  return {
    open,
    async join(baseUrl, token) {
      const socket = await open(baseUrl);
      socket.send({ type: 'join', token });
      return socket;
    },
  };
}

/**
 * A Dou Dizhu match `matchId` created at table t1, its seat tokens issued and its board 1 dealt by
 * the staff (seed `<matchId>-board-1`); the seats have not joined. Returns the issued tokens.
 */
export async function dealtDoudizhuMatch(
  suite: {
    readonly operator: MatchClient;
    readonly store: { readStream(stream: string): Promise<readonly unknown[]> };
  },
  matchId: string,
): Promise<IssuedSeatTokens> {
  const stream = matchStream(matchId);
  const created = await suite.operator.request(
    'POST',
    '/api/matches',
    newDoudizhuMatchRequest(matchId, 't1'),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const issued = await issueSeatTokens(suite.operator, matchId);
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const dealt = await suite.operator.request('POST', `/api/matches/${matchId}/commands`, {
    game: 'doudizhu',
    revision: (await suite.store.readStream(stream)).length - 1,
    idempotencyKey: `${matchId}-deal`,
    command: { type: 'DealBoard', board: 1, seed: `${matchId}-board-1` },
  });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return issued.body;
}
