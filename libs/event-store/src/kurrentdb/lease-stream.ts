import type { EventData, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { Lease } from '../lease/lease';
import { fencingRefusal, type LeaseGrant } from '../lease/lease-grant';
import { kurrentClient } from './client-library';

/**
 * A lease on KurrentDB is a stream of its grants (`tablecast-lease-<name>`, TC-SCALE-1): each claim, renewal and release
 * appends the lease's grant as it is from then on, pinned to the revision it was decided on, so
 * two contenders deciding on one state cannot both write. The last event is the current grant.
 * The stream sits outside the match-/appeal-/tournament- prefixes, and the $-type keeps its
 * events out of the default $all reads, as the checkpoints are.
 */
export const LEASE_EVENT_TYPE = '$tablecast.lease';

/**
 * How long before its expiry a grant stops passing the fencing check by default: the check and the
 * write it guards are two calls, so the write must land before anyone can take the lease over.
 */
export const DEFAULT_FENCE_MARGIN_MS = 1_000;

/** Where lease streams start by default; a deployment sharing its KurrentDB may choose its own. */
export const LEASE_STREAM_PREFIX = 'tablecast-lease-';

/** The lease's current grant and the revision of the event that recorded it. */
export interface LeaseHead {
  readonly revision: bigint;
  readonly grant: LeaseGrant;
}

/** The grant an event of a lease stream records; a foreign event there is an error, never a grant. */
export function grantOf(stream: string, revision: bigint, data: unknown): LeaseGrant {
  const grant = data as Partial<Record<keyof LeaseGrant, unknown>> | undefined;
  if (
    typeof grant?.owner !== 'string' ||
    !Number.isSafeInteger(grant.token) ||
    !Number.isSafeInteger(grant.expiresAt)
  ) {
    throw new Error(`TC-SCALE-1: ${stream}@${String(revision)} is not a lease grant`);
  }
  return { owner: grant.owner, token: grant.token as number, expiresAt: grant.expiresAt as number };
}

/**
 * The lease's last grant, read from the leader (a follower may lag behind a takeover), undefined
 * when the lease was never claimed. Failures other than a missing stream are the client's own.
 */
export async function readLeaseHead(client: KurrentDBClient, stream: string): Promise<LeaseHead | undefined> {
  const { BACKWARDS, END, StreamNotFoundError } = kurrentClient();
  try {
    for await (const resolved of client.readStream(stream, {
      direction: BACKWARDS,
      fromRevision: END,
      maxCount: 1,
      requiresLeader: true,
    })) {
      const event = resolved.event;
      if (event !== undefined)
        return { revision: event.revision, grant: grantOf(stream, event.revision, event.data) };
    }
  } catch (error) {
    if (error instanceof StreamNotFoundError) return undefined;
    throw error;
  }
  return undefined;
}

export function leaseEvent(grant: LeaseGrant): EventData {
  return kurrentClient().jsonEvent({
    type: LEASE_EVENT_TYPE,
    data: { owner: grant.owner, token: grant.token, expiresAt: grant.expiresAt },
  });
}

/**
 * Throws LeaseFencedError unless `lease` is the current grant with more than `marginMs` left, as
 * the leader has it now (TC-SCALE-1). A check, not a lock: see KurrentDbLeaseStore.fenced.
 */
export async function assertLeaseHeld(
  client: KurrentDBClient,
  stream: string,
  lease: Lease,
  now: () => number,
  marginMs: number,
): Promise<void> {
  const head = await readLeaseHead(client, stream);
  const refusal = fencingRefusal(lease, head?.grant, now(), marginMs);
  if (refusal !== undefined) throw refusal;
}
