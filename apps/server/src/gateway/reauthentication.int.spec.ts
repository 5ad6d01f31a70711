import type { ServerMessage } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { newMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS } from '../testing/staff-tokens';

/**
 * Re-authentication on one socket (real server, real ws client): a refused token leaves the socket
 * anonymous, whatever role it held before.
 */
describe('websocket re-authentication', () => {
  const staff = staffedServerForSuite();

  it('referee, then a bad token (refused), then subscribe staff: the staff feed is refused and a command is 401', async () => {
    const created = await staff.operator.create(newMatchRequest('reauth_m'));
    expect(created.status).toBe(201);
    const socket = await FeedSocket.open(staff.server);
    try {
      socket.send({ type: 'authenticate', token: TEST_TOKENS.referee });
      await socket.until((m) => m.type === 'authenticated');
      socket.send({ type: 'subscribe', matchId: 'reauth_m', audience: 'staff' });
      await socket.until((m) => m.type === 'subscribed');

      socket.send({ type: 'authenticate', token: 'not-a-token-of-this-server' });
      expect(await socket.until((m) => m.type === 'error')).toEqual({
        type: 'error',
        code: 'unauthenticated',
        message: 'unknown token',
      });

      socket.send({ type: 'subscribe', matchId: 'reauth_m', audience: 'staff' });
      const answer = await socket.until(
        (m) => (m.type === 'error' && m.code === 'forbidden') || after(socket.messages, m, 'subscribed', 2),
      );
      expect(answer).toMatchObject({ type: 'error', code: 'forbidden' });

      socket.send({
        type: 'command',
        requestId: 'after-refusal',
        matchId: 'reauth_m',
        request: { revision: 0, idempotencyKey: 'reauth-deal-1', command: { type: 'DealCards', seed: 's' } },
      });
      expect(await socket.until((m) => m.type === 'commandResult')).toMatchObject({
        ok: false,
        error: { statusCode: 401 },
      });
      expect((await staff.operator.state('reauth_m')).body.revision).toBe(created.body.revision);
    } finally {
      await socket.close();
    }
  });
});

/** Whether `message` is the `n`-th message of `type` the socket received (a second grant). */
function after(messages: readonly ServerMessage[], message: ServerMessage, type: string, n: number): boolean {
  return message.type === type && messages.filter((m) => m.type === type).indexOf(message) === n - 1;
}
