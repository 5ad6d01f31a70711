/**
 * TC-SCALE-1 with several feeds processes: the matches are split into `FEEDS_PARTITIONS`
 * partitions, one fenced lease each, so that each match's feed has exactly one publisher while the
 * work spreads over the processes.
 *
 * The partition of a match is the 32-bit FNV-1a hash of its id's UTF-8 bytes (offset basis
 * 0x811c9dc5, prime 0x01000193), as an unsigned number, modulo the partition count. It must never
 * change for a running deployment: two processes that disagree on a match's partition would both
 * publish it under two different leases. A change of the function, like a change of
 * `FEEDS_PARTITIONS`, needs every feeds process stopped first.
 */

/** The one lease of a single-partition deployment: the name the feeds role always used. */
export const WHOLE_FEEDS_LEASE = 'feeds';

/** The leases of the partitions when there are several: `feed-lease/<k>`. */
export const FEED_PARTITION_PREFIX = 'feed-lease/';

/** Every feeds process holds one of these while it runs: the lease table counts the live processes. */
export const FEEDS_MEMBER_PREFIX = 'feed-member/';

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();

/** 32-bit FNV-1a of the UTF-8 bytes of `text`, unsigned. */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** Checks a partition count: a whole number of at least 1. */
function assertPartitions(partitions: number): void {
  if (!Number.isSafeInteger(partitions) || partitions < 1) {
    throw new RangeError(`FEEDS_PARTITIONS must be a whole number of at least 1, got ${String(partitions)}`);
  }
}

/** The partition (0 … partitions-1) whose lease fences every ledger write of `matchId`'s feed. */
export function partitionOf(matchId: string, partitions: number): number {
  assertPartitions(partitions);
  return fnv1a32(matchId) % partitions;
}

/**
 * The lease of partition `partition`: `feed-lease/<k>`, or with one partition the single lease
 * `feeds` a deployment without partitions always had (so the default changes nothing, not even the
 * lease table's row).
 */
export function partitionLeaseName(partition: number, partitions: number): string {
  assertPartitions(partitions);
  if (!Number.isSafeInteger(partition) || partition < 0 || partition >= partitions) {
    throw new RangeError(`partition must be from 0 to ${String(partitions - 1)}, got ${String(partition)}`);
  }
  return partitions === 1 ? WHOLE_FEEDS_LEASE : `${FEED_PARTITION_PREFIX}${String(partition)}`;
}

/**
 * The fair share of one process: ceil(partitions / live processes), counting this one even before
 * the lease table shows it. A process never holds more, so a second live process always finds
 * partitions to take; with more processes than partitions the extra ones stand by.
 */
export function fairShare(partitions: number, liveProcesses: number): number {
  assertPartitions(partitions);
  return Math.ceil(partitions / Math.max(1, Math.floor(liveProcesses)));
}

/** What one beat of a feeds process does with the partition leases. */
export interface PartitionPlan {
  /** Free partitions to claim now, lowest first, up to the share. */
  readonly claim: readonly number[];
  /** Held partitions above the share, to stop and then release (highest first), for a newcomer. */
  readonly release: readonly number[];
}

/**
 * One beat's plan: keep what is held up to the fair share, give up the excess (a new process came
 * up), and claim free partitions while under it (a process died or left). `free` are the
 * partitions nobody holds live (never claimed, released or run out).
 */
export function planPartitions(input: {
  readonly partitions: number;
  readonly liveProcesses: number;
  readonly held: ReadonlySet<number>;
  readonly free: ReadonlySet<number>;
}): PartitionPlan {
  const share = fairShare(input.partitions, input.liveProcesses);
  const held = [...input.held].sort((a, b) => a - b);
  if (held.length > share) return { claim: [], release: held.slice(share).reverse() };
  const claim = [...input.free]
    .filter((partition) => !input.held.has(partition))
    .sort((a, b) => a - b)
    .slice(0, share - held.length);
  return { claim, release: [] };
}
