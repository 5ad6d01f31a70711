import { matchStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDoudizhuMatchRequest } from '../testing/match-client';
import { staffedServerForSuite, type StaffedServer } from '../testing/staffed-server';
import { appendAtNextRead, spyOnStreamFollows } from '../testing/stream-follow-spy';
import type { SeatSocket } from './seat-socket.testing';
import { issueSeatTokens, useSeatSockets } from './testing/seat-sockets';

/** How the seat view reads the match stream's end once its follower has started. */
const LAST_EVENT = { direction: 'backwards', maxCount: 1 } as const;

/**
 * The process's seats follow their matches through one subscription of the match streams, started
 * at the first join from the log's head, never from the log's start; a move another writer appends
 * while a seat joins reaches the seat in a view, handed by the log once.
 */
describe('the seat view follows its match from the join, not from the log start (real server, SQLite, /ws/play)', () => {
  const seatSockets = useSeatSockets();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function seatTokens(suite: StaffedServer, matchId: string): Promise<string[]> {
    expect(
      (await suite.operator.request('POST', '/api/matches', newDoudizhuMatchRequest(matchId, 't1'))).status,
    ).toBe(201);
    const issued = await issueSeatTokens(suite.operator, matchId);
    expect(issued.status).toBe(201);
    return issued.body.seats.map((s) => s.token);
  }

  async function seatToken(suite: StaffedServer, matchId: string): Promise<string> {
    const [token] = await seatTokens(suite, matchId);
    if (token === undefined) throw new Error('no seat token issued');
    return token;
  }

  async function join(suite: StaffedServer, token: string): Promise<SeatSocket> {
    return seatSockets.join(suite.server.url, token);
  }

  async function deal(suite: StaffedServer, matchId: string, revision: number, key: string): Promise<void> {
    const dealt = await suite.operator.request('POST', `/api/matches/${matchId}/commands`, {
      game: 'doudizhu',
      revision,
      idempotencyKey: key,
      command: { type: 'DealBoard', board: 1, seed: key },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  }

  const viewRevisions = (socket: SeatSocket): number[] =>
    socket.frames.flatMap((f) => (f.frame.type === 'view' ? [f.frame.revision as number] : []));

  describe('the first join', () => {
    const suite = staffedServerForSuite();

    it('subscribes from the log head it read at, past events of other streams, never from position 0', async () => {
      const matchId = 'ddz_follow_head';
      const token = await seatToken(suite, matchId);
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
      const seat = await join(suite, token);
      await vi.waitFor(() => {
        expect(viewRevisions(seat)).toEqual([last?.revision]);
      });
      expect(follows.map((f) => f.from)).toEqual([head]);
    });
  });

  describe.each(['before', 'after'] as const)('a deal appended %s the first seat’s read', (when) => {
    const suite = staffedServerForSuite();

    it('reaches the seat, handed by the log once', async () => {
      const matchId = `ddz_follow_${when}`;
      const token = await seatToken(suite, matchId);
      const stream = matchStream(matchId);
      const created = await suite.store.readStream(stream);
      const follows = spyOnStreamFollows(suite.store, stream);
      // Another writer deals the board while the seat joins.
      appendAtNextRead(
        suite.store,
        stream,
        when,
        () => deal(suite, matchId, created.length - 1, `follow-deal-${when}`),
        LAST_EVENT,
      );
      const seat = await join(suite, token);
      const all = await vi.waitFor(async () => {
        const events = await suite.store.readStream(stream);
        expect(events.length).toBeGreaterThan(created.length);
        expect(viewRevisions(seat).at(-1)).toBe(events.at(-1)?.revision);
        return events;
      });
      // The follower starts before the stream's end is read: the deal is after its start either way.
      expect(follows).toHaveLength(1);
      expect(follows[0]?.delivered).toEqual(all.slice(created.length).map((e) => e.revision));
      // One view per revision, never an older one after a newer.
      const revisions = viewRevisions(seat);
      expect([...revisions].sort((a, b) => a - b)).toEqual([...new Set(revisions)]);
    });
  });

  describe('seats of several matches', () => {
    const suite = staffedServerForSuite();

    it('share one subscription of the log, each seat viewing its own match’s deal', async () => {
      const matchIds = ['ddz_shared_1', 'ddz_shared_2', 'ddz_shared_3'];
      const tokens = await Promise.all(matchIds.map((id) => seatTokens(suite, id)));
      const subscribe = vi.spyOn(suite.store, 'subscribeToAll');
      const seats = await Promise.all(tokens.map((ts) => Promise.all(ts.map((t) => join(suite, t)))));
      const created = await Promise.all(matchIds.map((id) => suite.store.readStream(matchStream(id))));
      await vi.waitFor(() => {
        for (const [m, joined] of seats.entries())
          for (const seat of joined) expect(viewRevisions(seat)).toEqual([(created[m]?.length ?? 0) - 1]);
      });
      for (const [m, id] of matchIds.entries())
        await deal(suite, id, (created[m]?.length ?? 0) - 1, `shared-${id}`);
      await vi.waitFor(async () => {
        for (const [m, id] of matchIds.entries()) {
          const last = (await suite.store.readStream(matchStream(id), LAST_EVENT))[0]?.revision;
          expect(last).toBeGreaterThan((created[m]?.length ?? 0) - 1);
          for (const seat of seats[m] ?? []) expect(viewRevisions(seat).at(-1)).toBe(last);
        }
      });
      // Nine seats of three matches: one subscription follows all three streams, not one per match.
      const following = subscribe.mock.calls.filter(([options]) => {
        const filter = options?.filter;
        return (
          filter !== undefined &&
          'streamPrefixes' in filter &&
          matchIds.some((id) => filter.streamPrefixes.some((prefix) => matchStream(id).startsWith(prefix)))
        );
      });
      expect(following).toHaveLength(1);
    });
  });
});
