import { tournamentStream } from '@tablecast/events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newMatchRequest } from '../../testing/match-client';
import { staffedServerForSuite } from '../../testing/staffed-server';
import { appendAtNextRead, spyOnStreamFollows } from '../../testing/stream-follow-spy';
import { apiCall } from '../testing/api-call';
import { feedClient, frames } from '../testing/tournament-feed-client';

const call = apiCall('/api/tournaments');

const ENTRANTS_CSV = [
  'entrant,name,unit,seed',
  ...[1, 2, 3, 4].map((i) => `P${String(i)},Pair ${String(i)},U${String(i)},${String(i)}`),
].join('\n');

/**
 * The tournament feed reads its event's stream once, then follows that stream from where the read
 * ended: never from the log's start (a pass over all of `$all` on KurrentDB), and with no event
 * missed or folded twice while another writer appends to it meanwhile.
 */
describe('the tournament feed follows its stream from the read, not from the log start (real server, SQLite, real websockets)', () => {
  const suite = staffedServerForSuite();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function createTournament(id: string): Promise<void> {
    const created = await call(suite.server, 'POST', '', {
      tournamentId: id,
      name: '跟随赛',
      ruleset: 'cga2017',
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  }

  it('subscribes from the log head it read at, past events of other streams, never from position 0', async () => {
    const id = 'follow_head';
    await createTournament(id);
    // The log goes on past the tournament's last event: a match of another stream.
    expect((await suite.operator.create(newMatchRequest('follow_head_m1', 't1'))).status).toBe(201);
    const head = await suite.store.log.headPosition?.();
    const [last] = await suite.store.readStream(tournamentStream(id), {
      direction: 'backwards',
      maxCount: 1,
    });
    expect(head).toBeDefined();
    expect(head?.commit).toBeGreaterThan(last?.position.commit ?? 0n);

    const follows = spyOnStreamFollows(suite.store, tournamentStream(id));
    const client = await feedClient(suite.server.url);
    client.watch(id);
    await vi.waitFor(() => {
      expect(frames(client.received)).toHaveLength(1);
    });
    expect(follows.map((f) => f.from)).toEqual([head]);
    client.socket.close();
  });

  it.each(['before', 'after'] as const)(
    'an event appended %s the read reaches the page once, folded once',
    async (when) => {
      const id = `follow_${when}`;
      await createTournament(id);
      const stream = tournamentStream(id);
      const created = await suite.store.readStream(stream);
      const follows = spyOnStreamFollows(suite.store, stream);
      // Another writer enters the entrants while the feed opens.
      appendAtNextRead(suite.store, stream, when, async () => {
        const entered = await call(suite.server, 'POST', `/${id}/entrants`, { csv: ENTRANTS_CSV });
        expect(entered.status, JSON.stringify(entered.json)).toBe(200);
      });
      const client = await feedClient(suite.server.url);
      client.watch(id);
      await vi.waitFor(() => {
        expect(frames(client.received).at(-1)?.view.standings).toHaveLength(4);
      });
      const all = await suite.store.readStream(stream);
      const entered = all.slice(created.length).map((e) => e.revision);
      expect(entered.length).toBeGreaterThan(0);
      expect(follows).toHaveLength(1);
      // Read with the stream when appended before the read; handed by the subscription otherwise.
      expect(follows[0]?.delivered).toEqual(when === 'before' ? [] : entered);
      // The page's last frame is at the stream's last revision: nothing missed.
      expect(frames(client.received).at(-1)?.view.revision).toBe(all.at(-1)?.revision);
      client.socket.close();
    },
  );
});
