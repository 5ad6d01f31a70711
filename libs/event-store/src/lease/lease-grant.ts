import { LeaseFencedError, type Lease, type LeaseClaim } from './lease';

/** A lease's current grant as a store records it: who holds it, under which token, until when. */
export interface LeaseGrant {
  readonly owner: string;
  readonly token: number;
  /** ms since the epoch; RELEASED once its holder gave it up. */
  readonly expiresAt: number;
}

/** expiresAt of a released lease: out of time for any clock, with its token kept so none is reused. */
export const RELEASED = 0;

/**
 * Why `lease` may no longer write (TC-SCALE-1), or undefined while it is the current, live grant:
 * another grant (or none ever) is 'taken over', a given-up one 'released', a run-out one 'expired'.
 * `marginMs` refuses a grant that runs out within that long as expired already (a store whose check
 * and write are not one transaction, so the write must land before a takeover can begin).
 */
export function fencingRefusal(
  lease: Lease,
  current: LeaseGrant | undefined,
  now: number,
  marginMs = 0,
): LeaseFencedError | undefined {
  if (current?.token !== lease.token || current.owner !== lease.owner) {
    return new LeaseFencedError(
      lease,
      'taken over',
      current === undefined ? undefined : { owner: current.owner, token: current.token },
    );
  }
  if (current.expiresAt === RELEASED) return new LeaseFencedError(lease, 'released', undefined);
  if (current.expiresAt - marginMs <= now) return new LeaseFencedError(lease, 'expired', undefined);
  return undefined;
}

/**
 * The answer to `owner`'s claim on a lease whose current grant is `current` (TC-SCALE-1), and the
 * grant to record when it is taken: the live holder renews under its token; anyone else, or a
 * holder whose time ran out, gets the next token, so every write of an earlier grant is refused
 * from then on; another owner's live grant refuses the claim, naming it.
 */
export function claimOutcome(
  name: string,
  owner: string,
  ttlMs: number,
  current: LeaseGrant | undefined,
  now: number,
): { readonly claim: LeaseClaim; readonly record?: LeaseGrant } {
  const live = current !== undefined && current.expiresAt > now;
  if (live && current.owner !== owner) {
    return { claim: { acquired: false, holder: current.owner, expiresAt: current.expiresAt } };
  }
  const token = live ? current.token : (current?.token ?? 0) + 1;
  const lease: Lease = { name, owner, token, expiresAt: now + ttlMs };
  return { claim: { acquired: true, lease }, record: { owner, token, expiresAt: lease.expiresAt } };
}

/** A RangeError naming a ttlMs that is not a whole number of ms above 0, else undefined. */
export function badTtl(ttlMs: number): RangeError | undefined {
  return Number.isSafeInteger(ttlMs) && ttlMs > 0
    ? undefined
    : new RangeError(`ttlMs must be a whole number of ms above 0, got ${String(ttlMs)}`);
}
