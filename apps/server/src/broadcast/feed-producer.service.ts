import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  MIN_BROADCAST_DELAY_MS,
  MatchFeed,
  ReleaseClockGuard,
  feedPolicy,
  resumePointOf,
  type AppendMode,
  type Audience,
  type DisclosureEntry,
  type DisclosureLog,
  type FeedGame,
  type FeedHealth,
  type FeedInput,
  type FeedOutput,
  type FeedPolicy,
} from '@tablecast/broadcast';
import type { BusMessage, FeedBus } from '@tablecast/bus';
import {
  LeaseFencedError,
  comparePositions,
  positionToString,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '@tablecast/event-store';
import {
  broadcastStream,
  gameEventType,
  matchStream,
  parseStreamName,
  type TablecastEvent,
} from '@tablecast/events';
import { UnknownGameError, feedGame } from '@tablecast/games';
import { CLOCK, type Clock } from '../clock/clock';
import { APP_CONFIG, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { lastEventAt } from '../event-store/live-matches';
import { DISCLOSURE_STORE, FEED_BUS, FEED_PRODUCER_MODE, MONOTONIC_CLOCK } from './broadcast.tokens';
import type { DisclosureStore } from './disclosure-store';
import { readFeedBootPlan, readMatchFeedEvents, type FeedBootPlan } from './feed-boot-plan';
import { noteEncodedFrame } from './encoded-frames';
import { FrameEncoder } from './frame-encoding';

/**
 * What every game's feed view carries that the producer relies on: the revision it shows, and the
 * game (none on Guandan's, which predates the others).
 */
export interface ProducedView {
  readonly revision: number;
  readonly game?: string;
}

/** How often the release re-checks its clock when nothing is due (and retries while held back). */
const WATCHDOG_MS = 1_000;
/** How often the feeds role writes down which frames the bus acknowledged (one transaction each time). */
const PUBLISHED_MARK_MS = 200;

/**
 * How the producer runs in its role. The one `all` process starts at boot and never marks what the
 * bus acknowledged (its in-process bus cannot lose a frame). The feeds role starts only once it
 * holds the feed lease (FeedLeaseKeeper calls `start`), and keeps the bus's acknowledgements in the
 * shared ledger, so the next holder sends again what this one may not have delivered.
 */
export interface FeedProducerMode {
  readonly startAtBoot: boolean;
  readonly markPublished: boolean;
}

/**
 * One feed per match inside the server. At boot it rebuilds, read by stream with each match's
 * persisted disclosure ledger, the feeds of the matches still played and of the finished ones whose
 * delayed feeds may still have something to release, so seqs continue where the last run stopped and
 * nothing already sent goes out twice; then a subscription to $all, from the log's head as it was
 * read, hands each new event to its MatchFeed. A finished match whose broadcast has all gone out
 * ("settled") is only known by id: its feed is built when a reader asks (`loadFeed`), from its
 * stream and its ledger, and never writes or sends anything (a first boot on a log without a
 * ledger records no frame of it). A log that keeps no stream heads is replayed from its start. Every frame that comes out is recorded in the ledger, encoded ONCE per audience and
 * published to the bus, already redacted and already released.
 * The delayed audiences are released by a timer on the injected CLOCK, checked against the
 * monotonic clock; any doubt about the clock or the log holds them back (fail closed).
 */
@Injectable()
export class FeedProducer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeedProducer.name);
  private readonly feeds = new Map<string, MatchFeed<ProducedView>>();
  /** The game of each match with a feed (the module's own event names are folded, not the log's). */
  private readonly games = new Map<string, string>();
  /** A delay set before its match was created: the match's feed starts with it. */
  private readonly earlyDelays = new Map<string, number>();
  /** Every match with a feed or a settled one, in the order the boot plan and then the log named them. */
  private readonly known = new Set<string>();
  /** Settled finished matches not followed by a feed of their own: built on demand, for reading only. */
  private readonly settled = new Set<string>();
  /** The read-only feeds of settled matches built so far (null: of an unknown game, kept off). */
  private readonly archived = new Map<string, Promise<MatchFeed<ProducedView> | undefined>>();
  private readonly archivedDone = new Map<string, MatchFeed<ProducedView> | undefined>();
  private readonly guard = new ReleaseClockGuard();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;
  /**
   * When each feed with something pending next has work (`nextWakeAt`): a release tick visits only
   * the feeds due, not every match ever played (10,000 idle ones cost nothing per event).
   */
  private readonly wakes = new Map<MatchFeed<ProducedView>, number>();
  /** When the next tick visits every feed (at least once per WATCHDOG_MS, as every tick once did). */
  private sweepDueAt = Number.NEGATIVE_INFINITY;
  /** The health the last tick saw: a change reaches every feed at once. */
  private lastHealth: FeedHealth = { clock: true, log: true };
  private logFailure: Error | undefined;
  private clockOk = true;
  private closed = false;
  private published = 0;
  private readonly mode: FeedProducerMode;
  /** Highest seq the bus acknowledged per `matchId\u0000audience`, not yet written to the ledger. */
  private readonly acknowledged = new Map<string, { matchId: string; audience: Audience; seq: number }>();
  private markTimer: NodeJS.Timeout | undefined;
  private readonly fencedListeners: ((error: LeaseFencedError) => void)[] = [];
  private readonly delayListeners: ((matchId: string, delayMs: number) => void)[] = [];
  /**
   * `listener` hears a match's delay in force (`delayOf`) each time it may have changed: a
   * `BroadcastDelaySet` read, a feed opened with a delay set before its match, a settled match's
   * feed built. The feeds thread tells the main thread's delay clocks with it.
   */
  onDelay(listener: (matchId: string, delayMs: number) => void): void {
    this.delayListeners.push(listener);
  }

  private noteDelay(matchId: string): void {
    for (const listener of this.delayListeners) listener(matchId, this.delayOf(matchId));
  }

  /** The matches this producer follows: all of them, or a feeds process's partitions (followOnly). */
  private owns: (matchId: string) => boolean = () => true;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MONOTONIC_CLOCK) private readonly monotonic: Clock,
    @Inject(DISCLOSURE_STORE) private readonly disclosures: DisclosureStore,
    @Optional() @Inject(FEED_PRODUCER_MODE) mode?: FeedProducerMode,
  ) {
    this.mode = mode ?? { startAtBoot: true, markPublished: false };
  }

  /** Why the feeds are held back, if the log subscription failed (the delayed feeds say so too). */
  get failure(): Error | undefined {
    return this.logFailure;
  }

  /** Whether the release clock agreed with the monotonic clock at its last check. */
  get clockHealthy(): boolean {
    return this.clockOk;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.mode.startAtBoot) await this.start();
  }

  /**
   * TC-SCALE-1: `listener` hears when a ledger write was refused because this process no longer
   * holds the feed lease; by then the producer has stopped and published nothing of that write.
   */
  onFenced(listener: (error: LeaseFencedError) => void): void {
    this.fencedListeners.push(listener);
  }

  /** TC-SCALE-1: every ledger write from now on only while `check` passes (DisclosureStore.fenceWith). */
  fenceWith(check: () => void): void {
    this.disclosures.fenceWith(check);
  }

  /**
   * TC-SCALE-1 with several feeds processes: from the next start, only the matches `owns` names
   * (those of the partitions this process holds) are replayed, followed, released and published;
   * another process publishes the others. Frames of other matches left unacknowledged in the
   * shared ledger are theirs to send again.
   */
  followOnly(owns: (matchId: string) => boolean): void {
    this.owns = owns;
  }

  /**
   * Replays the log into the feeds and follows it from there: at boot, or in the feeds role once
   * the lease is this process's (after the frames a former holder may not have delivered).
   */
  async start(): Promise<void> {
    if (this.mode.markPublished) {
      this.resendUnacknowledged();
      this.markTimer = setInterval(() => {
        this.writeAcknowledged();
      }, PUBLISHED_MARK_MS);
      this.markTimer.unref();
    }
    // Catch-up first, to the end of the log as it is now: no release by time until every delay
    // change is known (TC-FEED-3 across a restart), then one resume step per feed.
    let last: Position | undefined;
    try {
      await this.disclosures.batched(async () => {
        const plan = await readFeedBootPlan(this.store);
        if (plan === undefined) {
          for await (const recorded of this.store.readAll()) {
            this.handle(recorded, 'catchUp');
            last = recorded.position;
          }
        } else {
          last = plan.head;
          await this.catchUpFrom(plan);
        }
      });
    } catch (error) {
      this.fail(error);
    }
    if (this.closed) return;
    const now = this.clock.now();
    const health = this.health();
    try {
      this.atomically(() => {
        for (const feed of this.feeds.values()) this.publish(feed.resumeAfterCatchUp(now, health));
      });
    } catch (error) {
      this.fail(error);
    }
    for (const feed of this.feeds.values()) this.noteWake(feed);
    if (this.logFailure !== undefined) return;
    const subscription = this.store.subscribeToAll({ fromPosition: last ?? 'start' });
    this.subscription = subscription;
    this.running = this.consume(subscription);
    this.sweepDueAt = this.clock.now() + WATCHDOG_MS;
    this.arm(this.sweepDueAt);
  }

  /**
   * Once, however often called: the role's lifecycle awaits it before closing the ledger and the
   * bus (Nest runs one module's shutdown hooks side by side).
   */
  onApplicationShutdown(): Promise<void> {
    this.shutdown ??= this.shutDown();
    return this.shutdown;
  }

  private shutdown: Promise<void> | undefined;

  private async shutDown(): Promise<void> {
    await this.stop();
    // What the bus acknowledged up to the close: the next holder then sends nothing twice.
    if (this.fencedBy === undefined) this.writeAcknowledged();
  }

  /** Stops following the log and releasing: nothing more is recorded or published. */
  async stop(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.markTimer);
    await this.subscription?.close();
    await this.running;
    // The last turn's events are written and sent now, not when the turn ends: another process
    // (or a second connection in this one) taking over may already want the write lock.
    this.disclosures.commitGroup();
  }

  private fencedBy: LeaseFencedError | undefined;

  /**
   * The boot's catch-up from the stream heads: the feeds of the matches still played and of the
   * finished ones not yet settled, each read by stream up to the head; the delays set before their
   * match; the settled matches only noted by id.
   */
  private async catchUpFrom(plan: FeedBootPlan): Promise<void> {
    const now = this.clock.now();
    // One read of the ledger for every finished match, however many were ever played: the
    // broadcast's highest released revision of each match it holds frames of.
    const marks = plan.ended.size > 0 ? this.disclosures.broadcastMarks() : new Map<string, number>();
    for (const matchId of plan.matchIds) {
      if (!this.owns(matchId)) continue;
      this.known.add(matchId);
      const end = plan.ended.get(matchId);
      if (end !== undefined && (await this.isSettled(matchId, end, marks.get(matchId), plan, now))) {
        this.settled.add(matchId);
        continue;
      }
      for (const recorded of await readMatchFeedEvents(this.store, matchId, { upTo: plan.head }))
        this.handle(recorded, 'catchUp');
      if (this.closed) return;
    }
    // A delay set for a match not created yet: its feed starts with it (only the last one counts).
    for (const matchId of plan.broadcastIds) {
      if (this.known.has(matchId) || !this.owns(matchId)) continue;
      for (const recorded of await readMatchFeedEvents(this.store, matchId, { upTo: plan.head }))
        this.handle(recorded, 'catchUp');
    }
  }

  /**
   * Whether a finished match's delayed feeds have nothing left to release (TC-FEED-2/3): its ledger
   * shows the broadcast released up to its end, or (a log older than its ledger: no frame of the
   * match recorded) every delay its broadcast stream ever set, and the configured one, has run out
   * since its end and since the last change. Otherwise its feed is
   * rebuilt at boot like a live match's, and releases what is left when it is due.
   * `broadcastMark`: the match's entry in the ledger's `broadcastMarks` (undefined: no frame of it).
   */
  private async isSettled(
    matchId: string,
    endRevision: number,
    broadcastMark: number | undefined,
    { head, broadcastIds }: FeedBootPlan,
    now: number,
  ): Promise<boolean> {
    // The ledger holds frames of the match: settled if its broadcast released the end, else (the
    // server stopped inside the delay) its feed is rebuilt and what is overdue goes out at once.
    if (broadcastMark !== undefined) return broadcastMark >= endRevision;
    // A log older than its ledger: the end's time is read, from the end itself (one event).
    const end = head === undefined ? undefined : await lastEventAt(this.store, matchStream(matchId), head);
    if (end === undefined) return false;
    let longest = Math.max(this.config.BROADCAST_DELAY_MS, MIN_BROADCAST_DELAY_MS);
    let since = Date.parse(end.metadata.recordedAt);
    // Most matches never had their delay changed: no broadcast stream in the heads, nothing to read.
    const changes = broadcastIds.has(matchId) ? await this.store.readStream(broadcastStream(matchId)) : [];
    for (const change of changes) {
      if (head !== undefined && comparePositions(change.position, head) > 0) continue;
      if (change.type !== 'BroadcastDelaySet') continue;
      longest = Math.max(longest, change.data.delayMs);
      since = Math.max(since, Date.parse(change.metadata.recordedAt));
    }
    // NaN (an unreadable time) and an endless delay both fail the test: the feed is rebuilt.
    return since + longest <= now;
  }

  /** The match's feed (its policy and disclosure ledger), if it has one in memory now. */
  feed(matchId: string): MatchFeed<ProducedView> | undefined {
    return this.feeds.get(matchId) ?? this.archivedDone.get(matchId);
  }

  /**
   * The match's feed, a settled match's built now from its stream and its ledger if no reader asked
   * for it before (it records and sends nothing: its broadcast has all gone out); undefined for a
   * match this producer has no feed of.
   */
  async loadFeed(matchId: string): Promise<MatchFeed<ProducedView> | undefined> {
    const own = this.feeds.get(matchId);
    if (own !== undefined || !this.settled.has(matchId)) return own;
    let building = this.archived.get(matchId);
    if (building === undefined) {
      building = this.buildArchived(matchId);
      this.archived.set(matchId, building);
      // A failed read (the store unreachable) is tried again by the next reader.
      building.catch(() => this.archived.delete(matchId));
    }
    const built = await building;
    // A new event of the match while it was read made it a followed feed: that one is the truth.
    return this.feeds.get(matchId) ?? built;
  }

  /** Every match with a feed (some built only when read: see `loadFeed`), in the order first named. */
  matchIds(): string[] {
    return [...this.known].filter((matchId) => this.feeds.has(matchId) || this.settled.has(matchId));
  }

  /** The policy a new match feed starts with; `BroadcastDelaySet` events change it per match. */
  policyFor(matchId: string): FeedPolicy {
    return feedPolicy(matchId, { broadcastDelayMs: this.config.BROADCAST_DELAY_MS });
  }

  /** The delay in force for a match now (the configured default before any event of it). */
  delayOf(matchId: string): number {
    return this.feed(matchId)?.delayMs ?? this.earlyDelays.get(matchId) ?? this.config.BROADCAST_DELAY_MS;
  }

  /**
   * A settled match's feed for reading: its events folded as a catch-up with its ledger's resume
   * point, then released as far as due now (the delay applies as it did live). Its ledger lists the
   * persisted disclosures and records nothing; its frames are not sent.
   */
  private async buildArchived(matchId: string): Promise<MatchFeed<ProducedView> | undefined> {
    const events = await readMatchFeedEvents(this.store, matchId);
    const stored = this.disclosures.forMatch(matchId);
    const resume = stored.resumePoint?.() ?? resumePointOf(stored.list());
    const ledger: DisclosureLog = {
      record: () => undefined,
      list: (audience) => stored.list(audience),
      resumePoint: () => resume,
    };
    const now = this.clock.now();
    let feed: MatchFeed<ProducedView> | undefined;
    let game: string | undefined;
    let early: number | undefined;
    for (const recorded of events) {
      if (recorded.type === 'BroadcastDelaySet') {
        if (feed === undefined) early = recorded.data.delayMs;
        else feed.setDelay(recorded.data.delayMs, now, undefined, 'catchUp');
        continue;
      }
      if (recorded.type === 'MatchCreated' && feed === undefined) {
        const made = this.makeFeed(matchId, recorded, ledger);
        if (made === undefined) break;
        ({ feed, game } = made);
        if (early !== undefined) feed.setDelay(early, now, undefined, 'catchUp');
        continue;
      }
      if (feed !== undefined && game !== undefined && parseStreamName(recorded.stream)?.kind === 'match')
        feed.append(toFeedInput(recorded, game), now, undefined, 'catchUp');
    }
    feed?.resumeAfterCatchUp(now, { clock: this.clockOk, log: this.logFailure === undefined });
    this.archivedDone.set(matchId, feed);
    this.noteDelay(matchId);
    return feed;
  }

  /**
   * A new event of a settled match (a correction after its end, a delay change): its feed is rebuilt
   * from its streams up to that event, with its ledger, as a boot would have, and followed from then
   * on like any other.
   */
  private async follow(matchId: string, before: Position): Promise<void> {
    const events = await readMatchFeedEvents(this.store, matchId, { before });
    this.settled.delete(matchId);
    this.archived.delete(matchId);
    this.archivedDone.delete(matchId);
    this.atomically(() => {
      for (const recorded of events) this.handle(recorded, 'catchUp');
      const feed = this.feeds.get(matchId);
      if (feed !== undefined) this.publish(feed.resumeAfterCatchUp(this.clock.now(), this.health()));
    });
    const feed = this.feeds.get(matchId);
    if (feed !== undefined) this.noteWake(feed);
  }

  /** The match's persisted disclosures (they outlive the in-memory feed across restarts). */
  disclosuresOf(matchId: string, audience?: Audience): DisclosureEntry[] {
    return this.disclosures.list(matchId, audience);
  }

  get framesPublished(): number {
    return this.published;
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const recorded of subscription) {
        const stream = parseStreamName(recorded.stream);
        if ((stream?.kind === 'match' || stream?.kind === 'broadcast') && this.settled.has(stream.id))
          await this.follow(stream.id, recorded.position);
        let touched: MatchFeed<ProducedView> | undefined;
        this.inTurnGroup(() => {
          touched = this.handle(recorded, 'live');
        });
        // Only the event's own feed can have a new wake time.
        if (touched !== undefined) this.wakeFor(touched);
      }
      // A live subscription only ends when we close it; ending on its own is a fault like any other.
      if (!this.closed) throw new Error('the log subscription ended');
    } catch (error) {
      this.fail(error);
      this.tick();
    }
  }

  private fail(error: unknown): void {
    if (error instanceof LeaseFencedError) {
      this.fenced(error);
      return;
    }
    this.logFailure = error instanceof Error ? error : new Error(String(error));
    this.logger.error(`feed subscription failed: ${this.logFailure.message}`);
  }

  /** TC-SCALE-1: another process holds the feeds now; this one stops at once and says so. */
  private fenced(error: LeaseFencedError): void {
    if (this.fencedBy !== undefined) return;
    this.fencedBy = error;
    this.logger.error(`feeds stopped: ${error.message}`);
    void this.stop();
    for (const listener of this.fencedListeners) listener(error);
  }

  /**
   * Match events feed the match's feed, made for the game its MatchCreated names; the broadcast
   * stream's delay changes set its delay. A match stream with no known game (an unknown id, or no
   * MatchCreated seen) is kept off the feeds: nothing of it goes out (fail closed).
   */
  private handle(
    recorded: RecordedEvent<TablecastEvent>,
    mode: AppendMode,
  ): MatchFeed<ProducedView> | undefined {
    const stream = parseStreamName(recorded.stream);
    if (stream?.kind !== 'match' && stream?.kind !== 'broadcast') return undefined;
    if (!this.owns(stream.id)) return undefined;
    const now = this.clock.now();
    const health = mode === 'live' ? this.health() : undefined;
    if (stream.kind === 'match') {
      const feed =
        recorded.type === 'MatchCreated' ? this.open(stream.id, recorded) : this.feeds.get(stream.id);
      const game = this.games.get(stream.id);
      if (feed === undefined || game === undefined) return undefined;
      this.publish(feed.append(toFeedInput(recorded, game), now, health, mode));
      return feed;
    }
    if (recorded.type !== 'BroadcastDelaySet') return undefined;
    const feed = this.feeds.get(stream.id);
    if (feed === undefined) this.earlyDelays.set(stream.id, recorded.data.delayMs);
    else this.publish(feed.setDelay(recorded.data.delayMs, now, health, mode));
    this.noteDelay(stream.id);
    return feed;
  }

  /** The match's feed, made at its MatchCreated for the game it names; undefined for an unknown game. */
  private open(
    matchId: string,
    created: RecordedEvent<TablecastEvent> & { readonly type: 'MatchCreated' },
  ): MatchFeed<ProducedView> | undefined {
    const existing = this.feeds.get(matchId);
    if (existing !== undefined) return existing;
    const ledger = this.disclosures.forMatch(matchId);
    const made = this.makeFeed(matchId, created, ledger);
    if (made === undefined) return undefined;
    const { feed } = made;
    const early = this.earlyDelays.get(matchId);
    // Known before the first event, like a delay change read during catch-up: nothing to release yet.
    if (early !== undefined) feed.setDelay(early, this.clock.now(), undefined, 'catchUp');
    this.earlyDelays.delete(matchId);
    this.feeds.set(matchId, feed);
    this.games.set(matchId, made.game);
    this.known.add(matchId);
    if (early !== undefined) this.noteDelay(matchId);
    return feed;
  }

  /** A feed of the game the MatchCreated names, resuming where `ledger` left off; undefined for an unknown game. */
  private makeFeed(
    matchId: string,
    created: RecordedEvent<TablecastEvent> & { readonly type: 'MatchCreated' },
    ledger: DisclosureLog,
  ): { feed: MatchFeed<ProducedView>; game: string } | undefined {
    let game: FeedGame<unknown, unknown, ProducedView>;
    try {
      // A MatchCreated stored before the platform's is read as a Guandan game's (its upcaster).
      game = feedGame(created.data.game) as FeedGame<unknown, unknown, ProducedView>;
    } catch (error) {
      if (!(error instanceof UnknownGameError)) throw error;
      this.logger.warn(`match ${matchId} is of unknown game ${created.data.game}: kept off the feeds`);
      return undefined;
    }
    const feed = new MatchFeed(this.policyFor(matchId), {
      game,
      ledger,
      resume: ledger.resumePoint?.() ?? resumePointOf(ledger.list()),
    });
    return { feed, game: game.module.id };
  }

  private health(): FeedHealth {
    this.clockOk = this.guard.observe(this.clock.now(), this.monotonic.now());
    return { clock: this.clockOk, log: this.logFailure === undefined };
  }

  /** Releases whatever is due on the delayed feeds now, visiting every feed (so may a test). */
  releaseDue(): void {
    this.tick(true);
  }

  /**
   * One release step. It visits the feeds whose wake time has come; every feed when `sweep`, when
   * the watchdog's sweep is due, or when the clock or log health is failing or just changed (a
   * feed's status frames follow health, not its own wake time).
   */
  private tick(sweep = false): void {
    if (this.closed) return;
    const now = this.clock.now();
    const health = this.health();
    const every =
      sweep ||
      now >= this.sweepDueAt ||
      !health.clock ||
      !health.log ||
      health.clock !== this.lastHealth.clock ||
      health.log !== this.lastHealth.log;
    this.lastHealth = health;
    const feeds = every
      ? [...this.feeds.values()]
      : [...this.wakes].flatMap(([feed, due]) => (due <= now ? [feed] : []));
    try {
      this.atomically(() => {
        for (const feed of feeds) this.publish(feed.tick(now, health));
      });
    } catch (error) {
      // A fenced release writes and sends nothing (and stops the timer: arm() checks `closed`); any
      // other failed write holds the feeds back.
      this.fail(error);
    }
    for (const feed of feeds) this.noteWake(feed);
    if (every) this.sweepDueAt = now + WATCHDOG_MS;
    this.timerDueAt = Number.POSITIVE_INFINITY;
    this.rearm();
  }

  private noteWake(feed: MatchFeed<ProducedView>): number | null {
    const due = feed.nextWakeAt();
    if (due === null) this.wakes.delete(feed);
    else this.wakes.set(feed, due);
    return due;
  }

  /** After an event of `feed`: its wake time, and the timer brought forward to it if sooner. */
  private wakeFor(feed: MatchFeed<ProducedView>): void {
    const due = this.noteWake(feed);
    if (due === null) return;
    const wake = Math.max(due, this.clock.now());
    if (wake < this.timerDueAt) this.arm(wake);
  }

  /** Sets the timer to the earliest wake of a pending feed, or the next sweep at the latest. */
  private rearm(): void {
    const now = this.clock.now();
    let wake = Math.max(this.sweepDueAt, now);
    for (const due of this.wakes.values()) wake = Math.min(wake, Math.max(due, now));
    if (wake < this.timerDueAt) this.arm(wake);
  }

  private arm(at: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timerDueAt = at;
    // Never sleep past the watchdog: a pinned or stepped clock is re-read at least that often.
    this.timer = setTimeout(
      () => {
        this.tick();
      },
      Math.min(WATCHDOG_MS, Math.max(0, at - this.clock.now())),
    );
    this.timer.unref();
  }

  /**
   * Runs `work` with every ledger row and archived frame it writes in one SQLite transaction (one
   * commit per release tick instead of one per row), and sends the frames to the bus only after
   * that commit: no client can see a frame whose ledger entry a crash could still lose. If `work`
   * throws, nothing of it is committed or sent. The live events' group is committed first.
   */
  private atomically(work: () => void): void {
    const sends: BusMessage[] = [];
    this.held = sends;
    try {
      this.disclosures.atomically(work);
    } finally {
      this.held = null;
    }
    for (const message of sends) this.send(message);
  }

  /**
   * A live event from the log: like `atomically`, but in the transaction of this turn of the event
   * loop (DisclosureStore.inGroup), one commit for all the events the turn brings instead of one
   * each; its frames go to the bus after that commit. A failed commit stops the producer like a
   * failed write.
   */
  private inTurnGroup(work: () => void): void {
    const sends: BusMessage[] = [];
    this.held = sends;
    try {
      this.disclosures.inGroup(work, (error) => {
        if (error !== undefined) this.fail(error);
        else for (const message of sends) this.send(message);
      });
    } finally {
      this.held = null;
    }
  }

  private held: BusMessage[] | null = null;

  private publish(outputs: readonly FeedOutput<ProducedView>[]): void {
    // The delayed audiences' frames of a release share their view: it is encoded once for both.
    const encoder = new FrameEncoder();
    for (const { audience, frame } of outputs) {
      // Encoded once per audience; the gateways send these bytes to every client as they are, and
      // the archive keeps them for clients that resume across a restart.
      const payload = encoder.encode(frame);
      // The director reads the broadcast frames in this process: it takes this object, not a parse.
      if (audience === 'broadcast') noteEncodedFrame(payload, frame);
      this.disclosures.recordFrame(frame.matchId, audience, frame.seq, payload);
      this.published += 1;
      const message: BusMessage = { audience, matchId: frame.matchId, seq: frame.seq, payload };
      if (this.held === null) this.send(message);
      else this.held.push(message);
    }
  }

  private send(message: BusMessage): void {
    this.bus.publish(message).then(
      () => {
        if (this.mode.markPublished) this.acknowledge(message);
      },
      (error: unknown) => {
        this.logger.error(
          `feed ${message.matchId} ${message.audience} seq ${String(message.seq)} not published: ${String(error)}`,
        );
      },
    );
  }

  private acknowledge({ matchId, audience, seq }: BusMessage): void {
    const key = `${matchId}\u0000${audience}`;
    const known = this.acknowledged.get(key);
    if (known === undefined || known.seq < seq) this.acknowledged.set(key, { matchId, audience, seq });
  }

  /** Writes the bus's acknowledgements down (fenced like every ledger write). */
  private writeAcknowledged(): void {
    if (this.acknowledged.size === 0) return;
    const marks = [...this.acknowledged.values()];
    this.acknowledged.clear();
    try {
      this.disclosures.atomically(() => {
        for (const mark of marks) this.disclosures.markPublished(mark.matchId, mark.audience, mark.seq);
      });
    } catch (error) {
      this.fail(error);
    }
  }

  /** Sends, before anything new, the archived frames no holder saw acknowledged (TC-SCALE-1). */
  private resendUnacknowledged(): void {
    const frames = this.disclosures.unpublishedFrames().filter((frame) => this.owns(frame.matchId));
    for (const { matchId, audience, seq, payload } of frames) this.send({ audience, matchId, seq, payload });
    if (frames.length > 0)
      this.logger.log(`sent again ${String(frames.length)} frames not acknowledged before`);
  }
}

/** The event under its game's own name (the log qualifies other games' names) with its place in the log. */
function toFeedInput(recorded: RecordedEvent<TablecastEvent>, game: string): FeedInput {
  const { type, data } = recorded;
  return {
    event: { type: gameEventType(game, type), data } as TablecastEvent,
    revision: recorded.revision,
    position: positionToString(recorded.position),
    recordedAt: recorded.metadata.recordedAt,
    recordedAtMs: Date.parse(recorded.metadata.recordedAt),
  };
}
