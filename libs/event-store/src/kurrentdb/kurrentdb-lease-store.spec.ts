import type { EventData } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import type { Lease, LeaseClaim } from '../lease/lease';
import { InMemoryKurrent } from '../testing/in-memory-kurrent';
import { kurrentClient } from './client-library';
import { KurrentDbLeaseStore } from './kurrentdb-lease-store';

const TTL = 10_000;
const STREAM = 'tablecast-lease-control';

function granted(claim: LeaseClaim): Lease {
  if (!claim.acquired) throw new Error(`lease held by ${claim.holder}`);
  return claim.lease;
}

/** Two processes' lease stores on one in-memory KurrentDB, on a clock the test steps. */
function contenders(): {
  server: InMemoryKurrent;
  a: KurrentDbLeaseStore;
  b: KurrentDbLeaseStore;
  step: (ms: number) => void;
} {
  const server = new InMemoryKurrent();
  let time = 1_700_000_000_000;
  const now = (): number => time;
  const open = (): KurrentDbLeaseStore =>
    new KurrentDbLeaseStore('kurrentdb://in-memory:2113', { now, client: server.client() });
  return {
    server,
    a: open(),
    b: open(),
    step: (ms) => {
      time += ms;
    },
  };
}

const played = (n: number): EventData => kurrentClient().jsonEvent({ type: 'Played', data: { n } });

const grants = (server: InMemoryKurrent, stream = STREAM): unknown[] =>
  server.stream(stream).map((event) => event.data);

describe('the KurrentDB lease store, one stream of grants per lease', () => {
  it('TC-SCALE-1: of two claimers deciding on the same free lease, the server lets one append in; the other re-reads and is refused, naming the winner', async () => {
    const { server, a, b } = contenders();
    // Both read "never claimed" before either append reaches the server.
    server.holdAppends(2);
    const [first, second] = await Promise.all([
      a.acquire('control', 'control-a', TTL),
      b.acquire('control', 'control-b', TTL),
    ]);
    const claims = [first, second];
    const winners = claims.filter((claim) => claim.acquired);
    expect(winners).toHaveLength(1);
    const winner = granted(winners[0] ?? first);
    expect(claims.find((claim) => !claim.acquired)).toEqual({
      acquired: false,
      holder: winner.owner,
      expiresAt: winner.expiresAt,
    });
    expect(server.conflicts).toBe(1);
    expect(grants(server)).toEqual([{ owner: winner.owner, token: 1, expiresAt: winner.expiresAt }]);
  });

  it('TC-SCALE-1: a takeover after expiry appends the next grant under a larger token, decided on grants read from the leader', async () => {
    const { server, a, b, step } = contenders();
    const old = granted(await a.acquire('control', 'control-a', TTL));
    step(TTL);
    const next = granted(await b.acquire('control', 'control-b', TTL));
    expect(next.token).toBeGreaterThan(old.token);
    expect(grants(server)).toEqual([
      { owner: 'control-a', token: 1, expiresAt: old.expiresAt },
      { owner: 'control-b', token: 2, expiresAt: next.expiresAt },
    ]);
    expect(server.leaderReads).toEqual([STREAM, STREAM]);
  });

  it("TC-SCALE-1: a non-holder's renewal of a live lease is refused and writes nothing; so is the former holder's after a takeover, and its stale release", async () => {
    const { server, a, b, step } = contenders();
    const lease = granted(await a.acquire('control', 'control-a', TTL));
    step(TTL - 1);
    expect(await b.acquire('control', 'control-b', TTL)).toEqual({
      acquired: false,
      holder: 'control-a',
      expiresAt: lease.expiresAt,
    });
    expect(grants(server)).toHaveLength(1);
    step(1);
    const next = granted(await b.acquire('control', 'control-b', TTL));
    expect(await a.acquire('control', 'control-a', TTL)).toMatchObject({
      acquired: false,
      holder: 'control-b',
    });
    await a.release(lease);
    expect(grants(server)).toEqual([
      { owner: 'control-a', token: 1, expiresAt: lease.expiresAt },
      { owner: 'control-b', token: 2, expiresAt: next.expiresAt },
    ]);
  });

  it("TC-SCALE-1: refuses the holder's fenced write once its grant is within the fence margin of running out (the check is not one transaction with the write)", async () => {
    const server = new InMemoryKurrent();
    let time = 1_000;
    const store = new KurrentDbLeaseStore('kurrentdb://in-memory:2113', {
      now: () => time,
      client: server.client(),
      fenceMarginMs: 2_000,
    });
    const lease = granted(await store.acquire('control', 'control-a', TTL));
    time += TTL - 2_001;
    await expect(store.fenced(lease, () => 'in time')).resolves.toBe('in time');
    time += 1;
    await expect(store.fenced(lease, () => 'too late')).rejects.toMatchObject({
      rule: 'TC-SCALE-1',
      reason: 'expired',
    });
  });

  it('lists the live grants of the leases whose names start with the prefix, by name, the last grant of each', async () => {
    const { a, b, step } = contenders();
    await a.acquire('feed-lease/1', 'feeds-a', TTL);
    await b.acquire('feed-lease/0', 'feeds-b', TTL);
    const released = granted(await a.acquire('feed-lease/2', 'feeds-a', TTL));
    await a.release(released);
    await a.acquire('feed-member/feeds-a', 'feeds-a', TTL);
    step(TTL - 1);
    await a.acquire('feed-lease/1', 'feeds-a', TTL); // renewed: its later grant is the one listed

    expect(
      (await b.liveLeases('feed-lease/')).map((lease) => [lease.name, lease.owner, lease.token]),
    ).toEqual([
      ['feed-lease/0', 'feeds-b', 1],
      ['feed-lease/1', 'feeds-a', 1],
    ]);
    // feeds-b's grant ran out unrenewed; feeds-a's renewal keeps feed-lease/1 live.
    step(1);
    expect((await a.liveLeases('feed-lease/')).map((lease) => lease.name)).toEqual(['feed-lease/1']);
  });

  it('a listing reads $all only from where the last one stopped: its cost is the grants recorded since, not every event ever written; a lease live again after running out is listed again', async () => {
    const { server, a, b, step } = contenders();
    const writer = server.client();
    // A busy log: the match streams hold most of $all.
    for (let n = 0; n < 200; n += 1) await writer.appendToStream(`match-m${String(n % 7)}`, played(n));
    await a.acquire('feed-lease/0', 'feeds-a', TTL);
    await a.acquire('feed-lease/1', 'feeds-a', TTL);
    for (let n = 0; n < 20; n += 1) await a.acquire('feed-lease/1', 'feeds-a', TTL);
    expect((await b.liveLeases('feed-lease/')).map((lease) => lease.name)).toEqual([
      'feed-lease/0',
      'feed-lease/1',
    ]);
    const firstListing = server.allEventsScanned;
    expect(firstListing).toBe(server.all.length);

    // feed-lease/0 runs out unrenewed: nothing is written for it, the clock alone drops it.
    step(TTL - 1);
    await a.acquire('feed-lease/1', 'feeds-a', TTL);
    step(1);
    for (let n = 0; n < 50; n += 1) await writer.appendToStream('match-m0', played(n));
    expect((await b.liveLeases('feed-lease/')).map((lease) => lease.name)).toEqual(['feed-lease/1']);
    // The event at the checkpoint (read again and skipped), the renewal and the 50 match events after it.
    expect(server.allEventsScanned - firstListing).toBe(1 + 1 + 50);

    // Taken again after running out: a grant past the checkpoint, so listed again.
    const taken = granted(await a.acquire('feed-lease/0', 'feeds-b', TTL));
    const scanned = server.allEventsScanned;
    expect(
      (await b.liveLeases('feed-lease/')).map((lease) => [lease.name, lease.owner, lease.token]),
    ).toEqual([
      ['feed-lease/0', 'feeds-b', taken.token],
      ['feed-lease/1', 'feeds-a', 1],
    ]);
    expect(taken.token).toBe(2);
    // A filtered read stops at the last grant it found: from there, the 50 match events and the new grant.
    expect(server.allEventsScanned - scanned).toBe(1 + 50 + 1);
  });
});
