import { DomainError, type ErrorDetails, type ErrorKind } from '../errors/domain-error';

/**
 * TC-SCALE-1: a read that must see a revision (minRevision) waited its bound and the shared read
 * models (in TABLECAST_LOG_DIR) still lack it: the projector, the holder of the projections lease,
 * is behind or gone (a standby takes over within PROJECTIONS_LEASE_TTL_MS). 503 with Retry-After,
 * so the client tries again; never an older view passed off as the one asked for.
 */
export class ProjectionsBehindError extends DomainError {
  override readonly name = 'ProjectionsBehindError';
  readonly kind: ErrorKind = 'unavailable';

  constructor(matchId: string, minRevision: number, waitedMs: number) {
    super(
      `the shared read models have not reached revision ${String(minRevision)} of match ${matchId} ` +
        `within ${String(waitedMs)} ms: the projector (the projections lease's holder, /readyz ` +
        `projections-lease) is behind or gone; try again (TC-SCALE-1)`,
    );
  }

  /**
   * A live projector flushes every 100 ms and a standby takes a dead one's lease within
   * PROJECTIONS_LEASE_TTL_MS: a second is soon enough to ask again, and each ask waits its bound.
   */
  override get retryAfterSeconds(): number {
    return 1;
  }

  override details(): ErrorDetails {
    return { code: 'projectionsBehind' };
  }
}
