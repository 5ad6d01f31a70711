import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  comparePositions,
  parsePosition,
  type Subscription,
  type RecordedEvent,
} from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { APP_CONFIG, eventLogDir, projectionsMode, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { ReadinessService } from '../health/readiness.service';
import { offloadWalCheckpoints, type WalCheckpointOffload } from '../sqlite/wal-checkpoints';
import { readModelGame } from '@tablecast/games';
import {
  ArbitrationIndex,
  MatchProjection,
  ProjectionDb,
  ProjectionsFencedError,
} from '@tablecast/projections';
import { TournamentStandingsModel } from './tournament-standings';

/** Flush at once past this many pending events, so a long catch-up writes in bounded transactions. */
const MAX_PENDING = 500;

/**
 * How long applied events may wait in memory before they are written. Readers are served from
 * memory (the models, and the timeline rows not yet written), so this delays only the checkpoint:
 * after a crash at most this much of the log is applied again. Writing per command instead cost a
 * transaction and a JSON copy of the match state per command. A match's state is written less
 * often still (STATE_WRITE_MS in the projections library); its timeline rows with every flush.
 */
export const FLUSH_INTERVAL_MS = 100;

/**
 * The flush interval of a projector process (TABLECAST_ROLE=projector): it has a core of its own
 * and nothing else to do, so it writes more often, and a reader's read-your-writes (a staff read
 * with minRevision, which waits for the written checkpoint) waits that much less.
 */
export const PROJECTOR_FLUSH_INTERVAL_MS = 25;

/**
 * How often a reader of the shared read models (not the projector) looks
 * at the file's checkpoint: one indexed read of one row. A read that must see a revision waits at
 * most this long past the projector's flush.
 */
export const FOLLOW_INTERVAL_MS = 20;

/**
 * Keeps the read models up to date: a catch-up subscription to $all from the stored checkpoint,
 * then live. Events are applied in memory, and readers waiting for a revision are woken once the
 * subscription has nothing more queued; the models are flushed with the checkpoint in one
 * transaction every FLUSH_INTERVAL_MS (or at once past MAX_PENDING events, and at shutdown).
 *
 * With shared read models (TC-SCALE-1: API_PROJECTIONS shared or projector, or the projector role)
 * the file is TABLECAST_LOG_DIR's, one for all the processes of the log: the runner starts as a reader, which applies nothing and follows the file's
 * checkpoint (its `appliedPosition`), and projects only while its process holds the projections
 * lease (ProjectionsLeaseKeeper calls `startProjecting`), from the checkpoint in the file: what a
 * former projector applied but never flushed is applied once, by its successor.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionRunner.name);
  readonly db: ProjectionDb;
  readonly matches: MatchProjection;
  /** The tournaments' standings (TRN: standings are a projection, identical after a rebuild). */
  readonly tournaments: TournamentStandingsModel;
  /** Appeals by match, rulings by id, next pairings by match: arbitration's lookups by key. */
  readonly arbitration: ArbitrationIndex;
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private notifyScheduled = false;
  private closed = false;
  private failure: Error | undefined;
  /** The checkpoint written with the read models. */
  private committed: string | undefined;
  /** Position of the last event applied to the in-memory models (ahead of `committed`). */
  private applied: string | undefined;
  private waiters: { position: string; resolve: () => void }[] = [];
  private readonly updateListeners = new Set<() => void>();
  /**
   * The read models' WAL checkpoints run on the checkpoint thread. Tried before and taken
   * back while that thread checkpointed every pass: each flush then started the WAL over and synced
   * its header on the event loop (~68 per bench run); past THREAD_CHECKPOINT_PAGES only, it starts
   * over about as often as SQLite's own checkpoints let it, without their two fsyncs on the loop.
   */
  private readonly checkpoints: WalCheckpointOffload;
  /**
   * The file is TABLECAST_LOG_DIR's, one for every process of the log (API_PROJECTIONS shared or
   * projector, or the projector role), written by the projections lease's holder only.
   */
  readonly shared: boolean;
  private followTimer: NodeJS.Timeout | undefined;
  /** Events this process applied to the read models (the projector's work; a reader's stays 0). */
  private appliedCount = 0;
  private readonly fencedListeners: ((error: ProjectionsFencedError) => void)[] = [];
  private readonly flushIntervalMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    readiness: ReadinessService,
  ) {
    this.shared = projectionsMode(config) !== 'local';
    this.flushIntervalMs =
      config.TABLECAST_ROLE === 'projector' ? PROJECTOR_FLUSH_INTERVAL_MS : FLUSH_INTERVAL_MS;
    this.db = new ProjectionDb(this.shared ? eventLogDir(config) : config.TABLECAST_DATA_DIR);
    this.checkpoints = offloadWalCheckpoints(this.db.db);
    this.matches = new MatchProjection(this.db, readModelGame);
    this.tournaments = new TournamentStandingsModel(this.db, store);
    this.arbitration = new ArbitrationIndex(this.db);
    this.committed = this.db.meta('checkpoint');
    this.applied = this.committed;
    // A reader never writes the shared file (its tables made above, if it was first); the lease
    // holder's takeover lifts it (startProjecting).
    if (this.shared) this.db.db.pragma('query_only = ON');
    readiness.register('projections', () =>
      this.failure
        ? { name: 'projections', ok: false, detail: this.failure.message }
        : { name: 'projections', ok: true, detail: `checkpoint ${this.committed ?? 'none'}` },
    );
  }

  onApplicationBootstrap(): void {
    if (this.shared) this.follow();
    else this.subscribe();
  }

  /** Events applied to the read models by this process since it started (a reader's: 0). */
  get eventsApplied(): number {
    return this.appliedCount;
  }

  /** Called when a write of the shared file was refused: the projections lease is not ours now. */
  onFenced(listener: (error: ProjectionsFencedError) => void): void {
    this.fencedListeners.push(listener);
  }

  /**
   * TC-SCALE-1: this process holds projections lease `token` now; it claims the shared file
   * (refused if a later token has), stops following and projects from the file's checkpoint.
   */
  startProjecting(token: number): void {
    if (this.closed || this.subscription !== undefined) return;
    this.stopFollowing();
    this.db.db.pragma('query_only = OFF');
    this.db.claimWriter(token);
    // The models read as a reader are dropped: the projection goes on from the rows at the checkpoint.
    this.matches.forgetRead();
    this.committed = this.db.meta('checkpoint');
    this.applied = this.committed;
    this.subscribe();
  }

  /**
   * The term ends (a clean stop, or the lease lost): stop applying, flush what was applied (a
   * write the fence refuses if a successor claimed the file), then write nothing more.
   */
  async stopProjecting(): Promise<void> {
    this.stopFollowing();
    await this.subscription?.close();
    await this.running;
    clearTimeout(this.flushTimer);
    // Every state not yet written too: the next projector, or a restart, starts from full rows.
    this.flush(true);
    this.closed = true;
  }

  /** A reader: the read models are as the shared file's checkpoint says, moved on as it moves. */
  private follow(): void {
    this.followTimer = setInterval(() => {
      this.followCheckpoint();
    }, FOLLOW_INTERVAL_MS);
    this.followTimer.unref();
  }

  private stopFollowing(): void {
    clearInterval(this.followTimer);
    this.followTimer = undefined;
  }

  private followCheckpoint(): void {
    if (this.closed) return;
    const checkpoint = this.db.meta('checkpoint');
    if (checkpoint === this.committed) return;
    this.matches.forgetRead();
    this.committed = checkpoint;
    this.applied = checkpoint;
    this.scheduleNotify();
  }

  private subscribe(): void {
    // States a former term left behind their heads are written with the first flushes.
    this.matches.resume();
    if (this.matches.lagging > 0) this.scheduleFlush();
    const from = this.committed === undefined ? 'start' : parsePosition(this.committed);
    const subscription = this.store.subscribeToAll({ fromPosition: from });
    this.subscription = subscription;
    this.running = this.consume(subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopProjecting();
    await this.checkpoints.stop();
    this.db.close();
  }

  /** Resolves once the read models (in memory) include `position` (read-your-writes after a command). */
  waitFor(position: string, timeoutMs = 5_000): Promise<void> {
    if (this.reached(position)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`projections did not reach position ${position} within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiters.push({
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Calls `listener` after each batch of events applied to the read models; returns the unsubscribe. */
  onUpdate(listener: () => void): () => void {
    this.updateListeners.add(listener);
    return () => {
      this.updateListeners.delete(listener);
    };
  }

  /** Resolves once the next events are applied to the read models, or after `timeoutMs` at the latest. */
  nextUpdate(timeoutMs = 100): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const listeners = this.updateListeners;
      function done(): void {
        clearTimeout(timer);
        listeners.delete(done);
        resolve();
      }
      listeners.add(done);
    });
  }

  /**
   * Position of the last event applied to the read models (undefined before the first): every
   * event at or before it is in them, in memory or written; the log after it is not yet.
   */
  get appliedPosition(): string | undefined {
    return this.applied;
  }

  private reached(position: string): boolean {
    return (
      this.applied !== undefined &&
      comparePositions(parsePosition(this.applied), parsePosition(position)) >= 0
    );
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) {
        // A fenced write ended the term: nothing more is applied (TC-SCALE-1).
        if (this.closed) break;
        if (event.stream.startsWith('tournament-')) await this.tournaments.apply(event);
        // Written at once (such events are few), so it never lags the checkpoint or `applied`.
        this.arbitration.apply(event);
        this.matches.apply(event);
        this.appliedCount += 1;
        this.applied = this.matches.appliedPosition;
        if (this.matches.pending >= MAX_PENDING) this.flush();
        else this.scheduleFlush();
        this.scheduleNotify();
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.logger.error(`projection subscription failed: ${this.failure.message}`);
    if (error instanceof ProjectionsFencedError) for (const listener of this.fencedListeners) listener(error);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.flushIntervalMs);
  }

  private scheduleNotify(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    // setImmediate runs after the events already queued in the subscription: natural batching.
    setImmediate(() => {
      this.notifyScheduled = false;
      // The turn's tournament events, one standings write each tournament, before anyone is told.
      if (!this.closed) {
        this.fenced(() => {
          this.tournaments.writePending();
        });
      }
      const ready = this.waiters.filter((w) => this.reached(w.position));
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      for (const waiter of ready) waiter.resolve();
      for (const listener of [...this.updateListeners]) listener();
    });
  }

  private flush(allStates = false): void {
    if (this.closed) return;
    this.fenced(() => {
      this.tournaments.writePending();
      const checkpoint = this.matches.flush(allStates);
      if (checkpoint !== undefined) this.committed = checkpoint;
      // A state written less often than its match's timeline is written by a later flush, even
      // when no event comes to schedule one.
      if (this.matches.lagging > 0) this.scheduleFlush();
    });
  }

  /**
   * Runs a write of the read models. A fenced one (TC-SCALE-1) wrote nothing: the runner stops
   * applying and writing, and the keeper hears of it and gives the lease up.
   */
  private fenced(write: () => void): void {
    try {
      write();
    } catch (error) {
      if (!(error instanceof ProjectionsFencedError)) throw error;
      this.closed = true;
      void this.subscription?.close();
      this.fail(error);
    }
  }
}
