import type { KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { Lease, LeaseClaim, LeaseStore } from '../lease/lease';
import { badTtl, claimOutcome, RELEASED, type LeaseGrant } from '../lease/lease-grant';
import { kurrentClient } from './client-library';
import {
  assertLeaseHeld,
  DEFAULT_FENCE_MARGIN_MS,
  grantOf,
  leaseEvent,
  LEASE_STREAM_PREFIX,
  readLeaseHead,
  type LeaseHead,
} from './lease-stream';
import { LiveGrantTail } from './live-grant-tail';
import { storeError } from './store-errors';

/** A claim or release that lost its race re-reads the grant and decides again this often. */
const LEASE_RACE_RETRIES = 5;

/** Lease streams keep this many grants; the scavenger may drop older ones (the last has the token). */
const KEPT_GRANTS = 16;

export interface KurrentDbLeaseStoreOptions {
  /** Wall-clock ms (every contender compares against the same clock); a test steps it. */
  readonly now?: () => number;
  /** See DEFAULT_FENCE_MARGIN_MS; keep it well under the lease's TTL. */
  readonly fenceMarginMs?: number;
  /** Where the lease streams start (default LEASE_STREAM_PREFIX); the same for every contender. */
  readonly streamPrefix?: string;
  /** Replaces the client the connection string makes (tests fake the client library). */
  readonly client?: KurrentDBClient;
}

/**
 * Leases on KurrentDB, one stream per lease (`tablecast-lease-<name>`, see lease-stream.ts):
 * claims, renewals and releases are appends pinned to the revision they were decided on
 * (optimistic concurrency), so of two contenders on one state the server lets one in; the other
 * re-reads and finds the winner's grant. The token is carried in the grant and only grows.
 */
export class KurrentDbLeaseStore implements LeaseStore {
  readonly description: string;
  private readonly client: KurrentDBClient;
  private readonly now: () => number;
  private readonly fenceMarginMs: number;
  private readonly streamPrefix: string;
  private readonly grants = new LiveGrantTail();

  constructor(connectionString: string, options: KurrentDbLeaseStoreOptions = {}) {
    this.client = options.client ?? kurrentClient().KurrentDBClient.connectionString(connectionString);
    this.description = `KurrentDB ${connectionString.replace(/\/\/[^@/]*@/, '//***@')}`;
    this.now = options.now ?? Date.now;
    this.fenceMarginMs = options.fenceMarginMs ?? DEFAULT_FENCE_MARGIN_MS;
    this.streamPrefix = options.streamPrefix ?? LEASE_STREAM_PREFIX;
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<LeaseClaim> {
    const bad = badTtl(ttlMs);
    if (bad !== undefined) throw bad;
    for (let attempt = 0; ; attempt += 1) {
      const head = await this.head(name);
      const { claim, record } = claimOutcome(name, owner, ttlMs, head?.grant, this.now());
      if (record === undefined || (await this.record(name, head, record))) return claim;
      if (attempt >= LEASE_RACE_RETRIES) throw this.contended(name);
    }
  }

  /**
   * Runs `write` once `lease` was found the current grant, with more than the fence margin left,
   * on the leader (TC-SCALE-1). Unlike SQLite's this is not one transaction with the write: a
   * takeover can only begin once the grant ran out, so the guarantee holds as long as `write`
   * finishes within the margin and the contenders' clocks agree to within it (docs/deployment.md).
   */
  async fenced<T>(lease: Lease, write: () => T): Promise<T> {
    await this.check(lease);
    return await write();
  }

  async release(lease: Lease): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const head = await this.head(lease.name);
      const grant = head?.grant;
      if (grant?.token !== lease.token || grant.owner !== lease.owner || grant.expiresAt === RELEASED) return;
      if (await this.record(lease.name, head, { ...grant, expiresAt: RELEASED })) return;
      if (attempt >= LEASE_RACE_RETRIES) throw this.contended(lease.name);
    }
  }

  /**
   * The live grants (neither released nor run out, by this store's clock) of every lease whose
   * name starts with `prefix`, by name. A plain read, not a claim: it may be out of date by the
   * time it returns. The grants of every lease stream are read from $all (filtered on the server)
   * from where the last listing stopped, so a listing costs the grants recorded since, not every
   * grant $all holds; the first listing of a process reads them all once.
   */
  async liveLeases(prefix: string): Promise<Lease[]> {
    const { START, streamNameFilter } = kurrentClient();
    try {
      for await (const resolved of this.client.readAll({
        fromPosition: this.grants.from ?? START,
        maxCount: Number.MAX_SAFE_INTEGER,
        filter: streamNameFilter({ prefixes: [this.streamPrefix] }),
      })) {
        const event = resolved.event;
        if (event === undefined) continue;
        const grant = grantOf(event.streamId, event.revision, event.data);
        this.grants.note({ name: event.streamId.slice(this.streamPrefix.length), ...grant }, event.position);
      }
    } catch (error) {
      throw storeError(error, this.description);
    }
    return this.grants.live(prefix, this.now());
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async check(lease: Lease): Promise<void> {
    try {
      await assertLeaseHeld(this.client, this.stream(lease.name), lease, this.now, this.fenceMarginMs);
    } catch (error) {
      throw storeError(error, this.description, this.stream(lease.name));
    }
  }

  private async head(name: string): Promise<LeaseHead | undefined> {
    try {
      return await readLeaseHead(this.client, this.stream(name));
    } catch (error) {
      throw storeError(error, this.description, this.stream(name));
    }
  }

  /**
   * Appends `grant` pinned to the revision it was decided on: false when another contender's
   * append came first (the caller re-reads and decides again).
   */
  private async record(name: string, head: LeaseHead | undefined, grant: LeaseGrant): Promise<boolean> {
    const { NO_STREAM, WrongExpectedVersionError } = kurrentClient();
    const stream = this.stream(name);
    try {
      const result = await this.client.appendToStream(stream, leaseEvent(grant), {
        streamState: head === undefined ? NO_STREAM : head.revision,
      });
      if (result.nextExpectedRevision === 0n)
        await this.client.setStreamMetadata(stream, { maxCount: KEPT_GRANTS });
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return false;
      throw storeError(error, this.description, stream);
    }
  }

  private stream(name: string): string {
    return `${this.streamPrefix}${name}`;
  }

  private contended(name: string): Error {
    return new Error(
      `TC-SCALE-1: lease ${name} changed under ${String(LEASE_RACE_RETRIES + 1)} claims in a row; try again`,
    );
  }
}
