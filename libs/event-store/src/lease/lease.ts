/**
 * A fenced lease: one owner at a time for a named piece of work (a match's feed publisher), with
 * a fencing token that grows every time the lease changes hands. Expiry alone cannot stop a
 * paused or partitioned former owner from writing after its time ran out; the token can, because
 * every write is checked against the current token in the same transaction (TC-SCALE-1).
 */
export interface Lease {
  readonly name: string;
  readonly owner: string;
  /** Raised whenever the lease is granted anew (never reused): a write under an older one is refused. */
  readonly token: number;
  /** Until when the owner holds it, in ms since the epoch by the store's clock; renew before then. */
  readonly expiresAt: number;
}

export type LeaseClaim =
  | { readonly acquired: true; readonly lease: Lease }
  | { readonly acquired: false; readonly holder: string; readonly expiresAt: number };

/**
 * Where leases are recorded: beside the event log, so every process sharing the log sees one
 * owner per lease. Owner ids must be unique per process (a restarted process is a new owner).
 */
export interface LeaseStore {
  /**
   * Takes the lease when nobody holds it, it was released, or its holder's time ran out (a new,
   * higher token); renews it for its live holder (the same token, a later expiry). Another
   * owner's live lease refuses the claim, naming the holder and when its lease runs out.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<LeaseClaim>;
  /**
   * Runs `write` only while `lease` is the lease's current grant and has not run out, in one
   * transaction with the check; otherwise throws LeaseFencedError and `write` never runs.
   */
  fenced<T>(lease: Lease, write: () => T): Promise<T>;
  /** Gives the lease up before it runs out (the next claim takes it at once); nothing when it is no longer this grant. */
  release(lease: Lease): Promise<void>;
  close(): Promise<void>;
}

/** TC-SCALE-1: a write under a lease that is no longer its holder's; nothing was written. */
export class LeaseFencedError extends Error {
  override readonly name = 'LeaseFencedError';
  readonly rule = 'TC-SCALE-1';
  constructor(
    readonly lease: Lease,
    readonly reason: 'taken over' | 'expired' | 'released',
    readonly current: { readonly owner: string; readonly token: number } | undefined,
  ) {
    super(
      `TC-SCALE-1: lease ${lease.name} token ${String(lease.token)} of ${lease.owner} is fenced (${reason}` +
        (reason === 'taken over' && current !== undefined
          ? `: ${current.owner} holds token ${String(current.token)})`
          : ')') +
        '; the write was refused',
    );
  }
}
