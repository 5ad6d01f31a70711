import { Injectable, Optional } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service';
import { ProjectionRunner } from './projection-runner.service';

/**
 * The projection runner's work on /metrics: the events this process applied to the read models.
 * With shared read models only the projector (the projections lease's holder) applies any; a
 * reader (another api process, a control process, a standby projector) stays at 0, having replayed
 * nothing at boot.
 */
@Injectable()
export class ProjectionMetrics {
  constructor(
    runner: ProjectionRunner,
    // Absent in tests that build the projections' module alone.
    @Optional() metrics?: MetricsService,
  ) {
    if (metrics === undefined) return;
    new Counter({
      name: 'tablecast_projection_events_applied_total',
      help: 'Events this process applied to its read models (a reader of the shared read models in TABLECAST_LOG_DIR applies none).',
      registers: [metrics.registry],
      collect() {
        this.reset();
        this.inc(runner.eventsApplied);
      },
    });
  }
}
