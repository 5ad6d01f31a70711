import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeaseFencedError, type Lease, type LeaseClaim, type LeaseStore } from './lease';

export interface LeaseHarness {
  /** A connection to the lease store reading this clock (ms); each call is another process's. */
  connect(now: () => number): Promise<LeaseStore>;
  teardown(): Promise<void>;
}

const TTL = 10_000;

function granted(claim: LeaseClaim): Lease {
  if (!claim.acquired) throw new Error(`lease held by ${claim.holder}`);
  return claim.lease;
}

/**
 * What every lease store must do (TC-SCALE-1): one owner at a time across connections, a takeover
 * only once the holder's time ran out, and every write of a former owner refused by its token.
 * The clock is stepped by the test, never waited for.
 */
export function describeLeaseStoreContract(name: string, setup: () => Promise<LeaseHarness>): void {
  describe(name, () => {
    let harness: LeaseHarness;
    let time: number;
    const now = (): number => time;
    let first: LeaseStore;
    let second: LeaseStore;

    beforeEach(async () => {
      harness = await setup();
      time = 1_700_000_000_000;
      first = await harness.connect(now);
      second = await harness.connect(now);
    });
    afterEach(async () => {
      await first.close();
      await second.close();
      await harness.teardown();
    });

    it('grants a free lease with a token; its holder renews it under the same token with a later expiry', async () => {
      const lease = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      expect(lease).toEqual({ name: 'feed-m1', owner: 'feeds-a', token: 1, expiresAt: time + TTL });
      time += TTL - 1;
      const renewed = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      expect(renewed).toEqual({ ...lease, expiresAt: time + TTL });
      // Leases are independent: another name is free.
      expect(granted(await second.acquire('feed-m2', 'feeds-b', TTL)).token).toBe(1);
    });

    it('TC-SCALE-1: refuses a second owner while the lease runs, naming the holder, and lets it take over only after expiry, with a higher token', async () => {
      const lease = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      time += TTL - 1;
      expect(await second.acquire('feed-m1', 'feeds-b', TTL)).toEqual({
        acquired: false,
        holder: 'feeds-a',
        expiresAt: lease.expiresAt,
      });
      time += 1;
      const takeover = granted(await second.acquire('feed-m1', 'feeds-b', TTL));
      expect(takeover.owner).toBe('feeds-b');
      expect(takeover.token).toBeGreaterThan(lease.token);
      // The former holder is now the one refused.
      expect(await first.acquire('feed-m1', 'feeds-a', TTL)).toMatchObject({
        acquired: false,
        holder: 'feeds-b',
      });
    });

    it("TC-SCALE-1: refuses the first owner's write under its old token once a second owner took over; the new owner's write runs", async () => {
      const written: string[] = [];
      const old = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      expect(await first.fenced(old, () => written.push('a:1'))).toBe(1);
      time += TTL;
      const current = granted(await second.acquire('feed-m1', 'feeds-b', TTL));

      const refused = first.fenced(old, () => written.push('a:2'));
      await expect(refused).rejects.toThrow(LeaseFencedError);
      await expect(refused).rejects.toMatchObject({
        reason: 'taken over',
        current: { owner: 'feeds-b', token: current.token },
      });
      await expect(refused).rejects.toThrow(
        /^TC-SCALE-1: lease feed-m1 token 1 of feeds-a is fenced \(taken over: feeds-b holds token 2\)/,
      );
      await second.fenced(current, () => written.push('b:1'));
      expect(written).toEqual(['a:1', 'b:1']);
    });

    it('TC-SCALE-1: refuses a write once the lease ran out, even when nobody took it over, and after a release', async () => {
      const written: string[] = [];
      const lease = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      time += TTL;
      await expect(first.fenced(lease, () => written.push('late'))).rejects.toMatchObject({
        reason: 'expired',
      });
      // Claimed again by the same owner after its time ran out: a new grant, a new token.
      const again = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      expect(again.token).toBeGreaterThan(lease.token);
      await first.release(again);
      await expect(first.fenced(again, () => written.push('released'))).rejects.toMatchObject({
        reason: 'released',
      });
      expect(written).toEqual([]);
    });

    it('lets the next owner in at once after a release, never reusing a token; a stale release changes nothing', async () => {
      const lease = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      await first.release(lease);
      const next = granted(await second.acquire('feed-m1', 'feeds-b', TTL));
      expect(next.token).toBe(lease.token + 1);
      // The former owner's late release is not the current grant's: feeds-b keeps the lease.
      await first.release(lease);
      expect(await first.acquire('feed-m1', 'feeds-a', TTL)).toMatchObject({
        acquired: false,
        holder: 'feeds-b',
      });
      await expect(second.fenced(next, () => 'ok')).resolves.toBe('ok');
    });

    it("passes a failing write's error through, and the lease stands", async () => {
      const lease = granted(await first.acquire('feed-m1', 'feeds-a', TTL));
      await expect(
        first.fenced(lease, () => {
          throw new Error('publish failed');
        }),
      ).rejects.toThrow('publish failed');
      await expect(second.acquire('feed-m1', 'feeds-b', TTL)).resolves.toMatchObject({ acquired: false });
    });

    it('names a bad ttlMs', async () => {
      await expect(first.acquire('feed-m1', 'feeds-a', 0)).rejects.toThrow(/ttlMs must be a whole number/);
    });
  });
}
