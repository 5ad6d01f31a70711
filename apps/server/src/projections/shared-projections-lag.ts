import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { comparePositions, parsePosition, positionToString } from '@tablecast/event-store';
import { APP_CONFIG, projectionsMode, type AppConfig } from '../config';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ReadinessService, type ReadinessCheck } from '../health/readiness.service';
import { ProjectionRunner } from './projection-runner.service';

export const SHARED_PROJECTIONS_CHECK = 'projections-shared';

/** How often the log's head is compared with the shared read models' checkpoint: one indexed read. */
export const LAG_PROBE_INTERVAL_MS = 250;

/**
 * TC-SCALE-1 for a process that reads the shared read models and never projects them (the control
 * role with API_PROJECTIONS shared or projector, the api role with projector): its
 * `projections-shared` readiness check says whether what it reads is there and keeps up. An api
 * process with `shared` needs none: it takes the projections lease over itself when the projector
 * is gone. Behind: the file has no checkpoint and the log has events (nothing has projected it
 * yet), or a head of the log seen PROJECTIONS_LEASE_TTL_MS ago is still not in it: a live projector
 * flushes every 100 ms, and a dead one's standby takes over within that TTL, so past it the
 * projector is behind or none runs.
 *
 * Behind makes a control process not ready (its singletons act on what they read). An api process
 * stays ready and says so in the detail: its commands never read the read models, every api process
 * reads the same file (taking one out of the balancer helps no client), and a read that must see a
 * revision is refused with 503 and Retry-After (ProjectionsBehindError), never answered stale.
 */
@Injectable()
export class SharedProjectionsLag implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly boundMs: number;
  /** Whether falling behind makes the process not ready (control), or is only reported (api). */
  private readonly behindIsUnready: boolean;
  private timer: NodeJS.Timeout | undefined;
  /** The log's head at the last probe (undefined: empty, or not probed yet). */
  private head: string | undefined;
  private probed = false;
  /** Whether this process reads the shared file without ever projecting it. */
  private readonly reads: boolean;
  /** The oldest head the checkpoint has not reached, and when a probe first saw it so. */
  private unreached: { readonly position: string; readonly since: number } | undefined;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly runner: ProjectionRunner,
    readiness: ReadinessService,
  ) {
    this.boundMs = config.PROJECTIONS_LEASE_TTL_MS;
    this.reads = projectionsMode(config) === 'read';
    this.behindIsUnready = config.TABLECAST_ROLE !== 'api';
    if (this.reads) readiness.register(SHARED_PROJECTIONS_CHECK, () => this.readiness());
  }

  onApplicationBootstrap(): void {
    if (!this.reads) return;
    void this.probe();
    this.timer = setInterval(() => {
      void this.probe();
    }, LAG_PROBE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  readiness(): ReadinessCheck {
    const check = this.lag();
    if (check.ok || this.behindIsUnready) return check;
    return {
      ...check,
      ok: true,
      detail: `${check.detail ?? ''}; commands are served, a read with minRevision past it is 503`,
    };
  }

  private lag(): ReadinessCheck {
    const checkpoint = this.runner.appliedPosition;
    const name = SHARED_PROJECTIONS_CHECK;
    if (!this.probed) return { name, ok: false, detail: 'the log not read yet' };
    if (checkpoint === undefined && this.head !== undefined)
      return {
        name,
        ok: false,
        detail:
          `absent: TABLECAST_LOG_DIR/projections.sqlite has no checkpoint and the log is at ${this.head}: ` +
          'no projector (a TABLECAST_ROLE=projector process, or an api process with API_PROJECTIONS=shared) has projected it (TC-SCALE-1)',
      };
    const unreached = this.unreached;
    const waited = unreached === undefined ? 0 : performance.now() - unreached.since;
    if (unreached !== undefined && !this.reached(unreached.position) && waited > this.boundMs)
      return {
        name,
        ok: false,
        detail:
          `behind: the log's head ${unreached.position}, seen ${String(Math.round(waited))} ms ago, is not ` +
          `in TABLECAST_LOG_DIR/projections.sqlite (checkpoint ${checkpoint ?? 'none'}): its projector, ` +
          'the process holding the projections lease, is behind or gone (TC-SCALE-1)',
      };
    return {
      name,
      ok: true,
      detail: `reading TABLECAST_LOG_DIR/projections.sqlite at checkpoint ${checkpoint ?? 'none'}; the log at ${this.head ?? 'none'}`,
    };
  }

  private async probe(): Promise<void> {
    const head = await this.store.log.headPosition?.().catch(() => undefined);
    this.probed = true;
    this.head = head === undefined ? undefined : positionToString(head);
    if (this.head === undefined || this.reached(this.head)) {
      this.unreached = undefined;
      return;
    }
    // Timed from the oldest head still missing: a projector keeping up reaches each within 100 ms.
    if (this.unreached === undefined || this.reached(this.unreached.position))
      this.unreached = { position: this.head, since: performance.now() };
  }

  private reached(position: string): boolean {
    const checkpoint = this.runner.appliedPosition;
    return (
      checkpoint !== undefined && comparePositions(parsePosition(checkpoint), parsePosition(position)) >= 0
    );
  }
}
