import { describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { newMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS } from '../testing/staff-tokens';

/**
 * The commentary feed carries every hand (delayed), so the websocket lets in the same roles as
 * `GET /api/commentary`: referee, arbiter, producer. A table operator's token is refused, even at
 * its own table: the hands of a deal still being played are no business of that table.
 */
describe('the commentary feed over the websocket', () => {
  const staff = staffedServerForSuite();

  it.each([
    ['a table operator is refused, even at its own table', TEST_TOKENS.operatorT1, false],
    ['a producer is subscribed', TEST_TOKENS.producer, true],
    ['a referee is subscribed', TEST_TOKENS.referee, true],
  ])('%s', async (_who, token, allowed) => {
    const matchId = `comm_${token.slice(5, 12).replace(/-/g, '_')}`;
    expect((await staff.operator.create(newMatchRequest(matchId))).status).toBe(201);
    const socket = await FeedSocket.open(staff.server);
    try {
      socket.send({ type: 'authenticate', token });
      await socket.until((m) => m.type === 'authenticated');
      socket.send({ type: 'subscribe', matchId, audience: 'commentary' });
      const answer = await socket.until(
        (m) => (m.type === 'error' && m.code === 'forbidden') || m.type === 'subscribed',
      );
      if (allowed) expect(answer.type).toBe('subscribed');
      else expect(answer).toMatchObject({ type: 'error', code: 'forbidden' });
    } finally {
      await socket.close();
    }
  });
});
