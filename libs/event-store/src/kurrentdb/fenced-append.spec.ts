import { describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { LeaseFencedError, type Lease } from '../lease/lease';
import { InMemoryKurrent } from '../testing/in-memory-kurrent';
import { KurrentDbEventLog } from './kurrentdb-event-log';
import { KurrentDbLeaseStore } from './kurrentdb-lease-store';

const TTL = 10_000;
const URL = 'kurrentdb://in-memory:2113';
const STREAM = 'match-k1';

/**
 * A lease holder's appends to the KurrentDB log are checked against its grant on the leader right
 * before they are sent (TC-SCALE-1): each process here is a log and a lease store of its own on one
 * in-memory server, with the lease clock stepped by the test.
 */
describe('a fenced append on the KurrentDB log', () => {
  function contender(server: InMemoryKurrent, now: () => number) {
    return {
      log: new KurrentDbEventLog(URL, server.client(), { leaseClock: now }),
      leases: new KurrentDbLeaseStore(URL, { now, client: server.client() }),
    };
  }

  async function claim(leases: KurrentDbLeaseStore, owner: string): Promise<Lease> {
    const claimed = await leases.acquire('control', owner, TTL);
    if (!claimed.acquired) throw new Error(`${owner}'s claim was refused: ${claimed.holder} holds it`);
    return claimed.lease;
  }

  it("TC-SCALE-1: a former holder woken after a takeover has its append refused and nothing sent; the new holder's and a client's unfenced appends go in", async () => {
    const server = new InMemoryKurrent();
    let time = 1_700_000_000_000;
    const now = (): number => time;
    const paused = contender(server, now);
    const old = await claim(paused.leases, 'control-a');
    await paused.log.append(STREAM, [numberedPass(0, 'a')], 'no_stream', { fence: old });

    time += TTL;
    const next = contender(server, now);
    const current = await claim(next.leases, 'control-b');

    const refused = paused.log.append(STREAM, [numberedPass(1, 'a')], 0, { fence: old });
    await expect(refused).rejects.toThrow(LeaseFencedError);
    await expect(refused).rejects.toMatchObject({
      rule: 'TC-SCALE-1',
      reason: 'taken over',
      current: { owner: 'control-b', token: current.token },
    });
    expect(server.stream(STREAM).map((event) => event.revision)).toEqual([0n]);
    // The grant was read from the leader, in the lease store's stream for that lease.
    expect(server.leaderReads.at(-1)).toBe('tablecast-lease-control');

    await next.log.append(STREAM, [numberedPass(1, 'b')], 0, { fence: current });
    await paused.log.append(STREAM, [numberedPass(2, 'client')], 1);
    expect((await paused.log.readStream(STREAM)).map((event) => event.metadata.correlationId)).toEqual([
      'a-0',
      'b-1',
      'client-2',
    ]);
  });

  it('TC-SCALE-1: refuses an append once the grant ran out unrenewed, after its release, and on a lease never claimed', async () => {
    const server = new InMemoryKurrent();
    let time = 1_700_000_000_000;
    const { log, leases } = contender(server, () => time);
    const lease = await claim(leases, 'control-a');
    time += TTL;
    await expect(
      log.append(STREAM, [numberedPass(0, 'late')], 'any', { fence: lease }),
    ).rejects.toMatchObject({
      reason: 'expired',
    });
    const again = await claim(leases, 'control-a');
    await leases.release(again);
    await expect(
      log.append(STREAM, [numberedPass(0, 'late')], 'any', { fence: again }),
    ).rejects.toMatchObject({
      reason: 'released',
    });
    const never: Lease = { name: 'director', owner: 'control-a', token: 1, expiresAt: time + TTL };
    await expect(log.append(STREAM, [numberedPass(0, 'x')], 'any', { fence: never })).rejects.toMatchObject({
      reason: 'taken over',
      current: undefined,
    });
    expect(server.stream(STREAM)).toEqual([]);
  });
});
