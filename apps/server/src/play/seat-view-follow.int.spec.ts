import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { appendAtNextRead, spyOnStreamFollows } from '../testing/stream-follow-spy';
import { SeatSocket } from './seat-socket.testing';

/** How the seat view reads the match stream's end before following it (readThenFollow). */
const LAST_EVENT = { direction: 'backwards', maxCount: 1 } as const;

/**
 * A match's first seat connection follows the match stream from its last event (or the log head,
 * whichever is later), never from the log's start, and a move another writer appends while the
 * seat joins reaches the seat in a view, handed by the log once.
 */
describe('the seat view follows its match from the join, not from the log start (real server, SQLite, /ws/play)', () => {
  const suite = staffedServerForSuite();
  const sockets: SeatSocket[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const socket of sockets.splice(0)) socket.close();
  });

  async function seatToken(matchId: string): Promise<string> {
    const operator: MatchClient = suite.operator;
    expect(
      (await operator.request('POST', '/api/matches', newDoudizhuMatchRequest(matchId, 't1'))).status,
    ).toBe(201);
    const issued = await operator.request<{ seats: { seat: string; token: string }[] }>(
      'POST',
      `/api/matches/${matchId}/seat-tokens`,
    );
    expect(issued.status).toBe(201);
    const token = issued.body.seats[0]?.token;
    if (token === undefined) throw new Error('no seat token issued');
    return token;
  }

  async function join(token: string): Promise<SeatSocket> {
    const socket = await SeatSocket.open(suite.server.url);
    sockets.push(socket);
    socket.send({ type: 'join', token });
    return socket;
  }

  const viewRevisions = (socket: SeatSocket): number[] =>
    socket.frames.flatMap((f) => (f.frame.type === 'view' ? [f.frame.revision as number] : []));

  it('subscribes from the log head it read at, past events of other streams, never from position 0', async () => {
    const matchId = 'ddz_follow_head';
    const token = await seatToken(matchId);
    // The log goes on past the match's last event: another match's stream.
    expect(
      (
        await suite.operator.request(
          'POST',
          '/api/matches',
          newDoudizhuMatchRequest('ddz_follow_other', 't1'),
        )
      ).status,
    ).toBe(201);
    const head = await suite.store.log.headPosition?.();
    const [last] = await suite.store.readStream(matchStream(matchId), LAST_EVENT);
    expect(head?.commit).toBeGreaterThan(last?.position.commit ?? 0n);

    const follows = spyOnStreamFollows(suite.store, matchStream(matchId));
    const seat = await join(token);
    await vi.waitFor(() => {
      expect(viewRevisions(seat)).toEqual([last?.revision]);
    });
    expect(follows.map((f) => f.from)).toEqual([head]);
  });

  it.each(['before', 'after'] as const)(
    'a deal appended %s the first seat’s read reaches the seat, handed by the log once',
    async (when) => {
      const matchId = `ddz_follow_${when}`;
      const token = await seatToken(matchId);
      const stream = matchStream(matchId);
      const created = await suite.store.readStream(stream);
      const follows = spyOnStreamFollows(suite.store, stream);
      // Another writer deals the board while the seat joins.
      appendAtNextRead(
        suite.store,
        stream,
        when,
        async () => {
          const dealt = await suite.operator.request('POST', `/api/matches/${matchId}/commands`, {
            game: 'doudizhu',
            revision: created.length - 1,
            idempotencyKey: `follow-deal-${when}`,
            command: { type: 'DealBoard', board: 1, seed: `follow-${when}` },
          });
          expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
        },
        LAST_EVENT,
      );
      const seat = await join(token);
      const all = await vi.waitFor(async () => {
        const events = await suite.store.readStream(stream);
        expect(events.length).toBeGreaterThan(created.length);
        expect(viewRevisions(seat).at(-1)).toBe(events.at(-1)?.revision);
        return events;
      });
      const dealt = all.slice(created.length).map((e) => e.revision);
      expect(follows).toHaveLength(1);
      // In the read when dealt before it; handed by the subscription, once, when dealt after.
      expect(follows[0]?.delivered).toEqual(when === 'before' ? [] : dealt);
      // One view per revision, never an older one after a newer.
      const revisions = viewRevisions(seat);
      expect([...revisions].sort((a, b) => a - b)).toEqual([...new Set(revisions)]);
    },
  );
});
