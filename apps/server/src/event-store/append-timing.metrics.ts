import { Inject, Injectable, Optional } from '@nestjs/common';
import { LOCK_WAITED_MS, SqliteEventLog, type AppendTimingTotals } from '@tablecast/event-store';
import { Counter } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service';
import type { AppEventStore } from './event-store.module';
import { EVENT_STORE } from './event-store.tokens';

/**
 * The SQLite log's append path on /metrics (TC-SCALE-2): several api processes append to one file
 * through its one write lock, and these say how long this process waited for it, held it, and
 * committed. Read from the log's own totals at each scrape; nothing with KurrentDB.
 */
@Injectable()
export class AppendTimingMetrics {
  constructor(
    @Inject(EVENT_STORE) store: AppEventStore,
    // Absent in tests that build the store's module alone.
    @Optional() @Inject(MetricsService) metrics?: MetricsService,
  ) {
    const log = store.log;
    if (metrics === undefined || !(log instanceof SqliteEventLog)) return;
    const counter = (name: string, help: string, of: (totals: AppendTimingTotals) => number): void => {
      new Counter({
        name,
        help,
        registers: [metrics.registry],
        collect() {
          this.reset();
          this.inc(of(log.appendTimings()));
        },
      });
    };
    counter(
      'tablecast_event_log_appends_total',
      'Appends this process committed to the SQLite log.',
      (t) => t.appends,
    );
    counter(
      'tablecast_event_log_append_lock_waits_total',
      `Transactions that found the write lock held by another connection: BEGIN IMMEDIATE took ${String(LOCK_WAITED_MS)} ms or more (SQLite's busy handler retried), or a group commit was refused it and tried again from the event loop.`,
      (t) => t.lockWaits,
    );
    counter(
      'tablecast_event_log_append_lock_wait_seconds_total',
      'Time appends spent getting the write lock: in BEGIN IMMEDIATE, and for a group commit refused it, until a later try had it (the event loop free meanwhile).',
      (t) => t.lockWaitMs / 1000,
    );
    counter(
      'tablecast_event_log_append_transaction_seconds_total',
      'Time appends spent holding the write lock before the commit (head check, sealing, inserts).',
      (t) => t.transactionMs / 1000,
    );
    counter(
      'tablecast_event_log_append_commit_seconds_total',
      'Time appends spent in COMMIT (the WAL write; its fsync with TABLECAST_SQLITE_SYNC=full).',
      (t) => t.commitMs / 1000,
    );
  }
}
