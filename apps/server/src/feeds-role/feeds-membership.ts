import type { Logger } from '@nestjs/common';
import type { Lease, SqliteLeaseStore } from '@tablecast/event-store';
import { FEEDS_MEMBER_PREFIX } from './feed-partitions';

/** A member row run out this many TTLs ago belongs to a process long gone: any feeds process deletes it. */
export const MEMBER_PRUNE_AFTER_TTLS = 10;

/** At most this many dead member rows go per beat, so one beat's write stays short however many piled up. */
export const MEMBER_PRUNE_PER_BEAT = 32;

/** `feed-member/<FEEDS_PARTITIONS>/<owner>`: the lease says which setting its process runs with. */
export function memberLeaseName(partitions: number, owner: string): string {
  return `${FEEDS_MEMBER_PREFIX}${String(partitions)}/${owner}`;
}

/** The FEEDS_PARTITIONS a member lease was taken with, or undefined for a name of another form. */
export function partitionsOfMember(name: string): number | undefined {
  const match = /^(\d+)\//.exec(name.slice(FEEDS_MEMBER_PREFIX.length));
  return name.startsWith(FEEDS_MEMBER_PREFIX) && match !== null ? Number(match[1]) : undefined;
}

/** What one beat of the membership saw in the lease table. */
export interface MembershipView {
  /** The live feeds processes with this process's setting, this one included. */
  readonly liveProcesses: number;
  /** Why this process must claim nothing: a live feeds process runs another FEEDS_PARTITIONS. */
  readonly conflict: string | undefined;
}

export interface FeedsMembershipTerms {
  readonly partitions: number;
  readonly ttlMs: number;
  readonly owner: string;
  readonly logger: Logger;
}

/**
 * TC-SCALE-1: the member lease every feeds process holds while it runs, in either mode (the
 * single `feeds` lease or the partition leases). It counts the live processes for the fair share
 * and records each one's FEEDS_PARTITIONS: two processes that hashed matches into different
 * partition counts would both publish some match, each under a lease of its own, so a process
 * that sees a live member with another setting claims nothing: it stays up, not ready, naming both
 * values (the deployment doc says why it does not exit). Each beat writes this process's row before it reads the
 * others, so of two processes with different settings at least one sees the other before it
 * claims. A clean stop deletes the row; rows of processes long gone are pruned a few per beat.
 */
export class FeedsMembership {
  private lease: Lease | undefined;
  private reported: string | undefined;

  constructor(
    private readonly leases: SqliteLeaseStore,
    private readonly terms: FeedsMembershipTerms,
  ) {}

  /** Renews this process's member lease, prunes dead rows, and reads the live members. */
  async beat(): Promise<MembershipView> {
    const { partitions, owner, ttlMs } = this.terms;
    const claim = await this.leases.acquire(memberLeaseName(partitions, owner), owner, ttlMs);
    if (claim.acquired) this.lease = claim.lease;
    await this.leases.prune(FEEDS_MEMBER_PREFIX, MEMBER_PRUNE_AFTER_TTLS * ttlMs, MEMBER_PRUNE_PER_BEAT);
    const others = this.leases.liveLeases(FEEDS_MEMBER_PREFIX).filter((lease) => lease.owner !== owner);
    const differing = others.find((lease) => partitionsOfMember(lease.name) !== partitions);
    const conflict = differing === undefined ? undefined : mixedSettings(partitions, differing);
    if (conflict !== this.reported) {
      if (conflict === undefined) this.terms.logger.log('feeds processes agree on FEEDS_PARTITIONS again');
      else this.terms.logger.error(conflict);
      this.reported = conflict;
    }
    const alike = new Set(
      others.filter((lease) => partitionsOfMember(lease.name) === partitions).map((lease) => lease.owner),
    );
    return { liveProcesses: alike.size + 1, conflict };
  }

  /** A clean stop: the row goes, so the table keeps no row per process ever started. */
  async leave(): Promise<void> {
    const lease = this.lease;
    this.lease = undefined;
    if (lease !== undefined) await this.leases.remove(lease);
  }
}

function describeSetting(partitions: number | undefined): string {
  if (partitions === undefined) return 'an unknown FEEDS_PARTITIONS';
  return partitions === 1
    ? 'FEEDS_PARTITIONS=1 (the single feeds lease)'
    : `FEEDS_PARTITIONS=${String(partitions)}`;
}

function mixedSettings(partitions: number, other: Lease): string {
  return (
    `TC-SCALE-1: mixed FEEDS_PARTITIONS: this process runs ${describeSetting(partitions)} but live ` +
    `feeds process ${other.owner} runs ${describeSetting(partitionsOfMember(other.name))}; ` +
    'it claims no feed lease until every feeds process on the log has the same FEEDS_PARTITIONS'
  );
}
