import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  MatchFeed,
  ReleaseClockGuard,
  feedPolicy,
  type FeedBus,
  type FeedHealth,
  type FeedInput,
  type FeedOutput,
  type FeedPolicy,
} from '@tablecast/broadcast';
import { positionToString, type RecordedEvent, type Subscription } from '@tablecast/event-store';
import { parseStreamName, type TablecastEvent } from '@tablecast/events';
import { CLOCK, type Clock } from '../clock/clock';
import { APP_CONFIG, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { FEED_BUS, MONOTONIC_CLOCK } from './broadcast.tokens';

/** How often the release re-checks its clock when nothing is due (and retries while held back). */
const WATCHDOG_MS = 1_000;

/**
 * One feed per match inside the server: a catch-up subscription to $all (from the start: the
 * feeds are in memory) hands each match event to its MatchFeed, and every frame that comes out is
 * encoded ONCE per audience and published to the bus, already redacted and already released.
 * The delayed audiences are released by a timer on the injected CLOCK, checked against the
 * monotonic clock; any doubt about the clock or the log holds them back (fail closed).
 */
@Injectable()
export class FeedProducer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeedProducer.name);
  private readonly feeds = new Map<string, MatchFeed>();
  private readonly guard = new ReleaseClockGuard();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;
  private logFailure: Error | undefined;
  private closed = false;
  private published = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(MONOTONIC_CLOCK) private readonly monotonic: Clock,
  ) {}

  /** Why the feeds are held back, if the log subscription failed (the delayed feeds say so too). */
  get failure(): Error | undefined {
    return this.logFailure;
  }

  onApplicationBootstrap(): void {
    const subscription = this.store.subscribeToAll({ fromPosition: 'start' });
    this.subscription = subscription;
    this.running = this.consume(subscription);
    this.arm(this.clock.now() + WATCHDOG_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.subscription?.close();
    await this.running;
  }

  /** The match's feed (its policy and disclosure ledger), if any event of it was seen. */
  feed(matchId: string): MatchFeed | undefined {
    return this.feeds.get(matchId);
  }

  /** The policy a new match feed gets; per match, so a later admin API can set it before play. */
  policyFor(matchId: string): FeedPolicy {
    return feedPolicy(matchId, { broadcastDelayMs: this.config.BROADCAST_DELAY_MS });
  }

  get framesPublished(): number {
    return this.published;
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const recorded of subscription) {
        const stream = parseStreamName(recorded.stream);
        if (stream?.kind !== 'match') continue;
        let feed = this.feeds.get(stream.id);
        if (feed === undefined) {
          feed = new MatchFeed(this.policyFor(stream.id));
          this.feeds.set(stream.id, feed);
        }
        this.publish(feed.append(toFeedInput(recorded), this.clock.now(), this.health()));
        this.rearm();
      }
    } catch (error) {
      this.logFailure = error instanceof Error ? error : new Error(String(error));
      this.logger.error(`feed subscription failed: ${this.logFailure.message}`);
      this.tick();
    }
  }

  private health(): FeedHealth {
    const clockOk = this.guard.observe(this.clock.now(), this.monotonic.now());
    return { clock: clockOk, log: this.logFailure === undefined };
  }

  /** Releases whatever is due on the delayed feeds now (the timer calls this; so may a test). */
  releaseDue(): void {
    this.tick();
  }

  private tick(): void {
    if (this.closed) return;
    const now = this.clock.now();
    const health = this.health();
    for (const feed of this.feeds.values()) this.publish(feed.tick(now, health));
    this.timerDueAt = Number.POSITIVE_INFINITY;
    this.rearm();
  }

  /** Sets the timer to the earliest release due (the watchdog interval at the latest). */
  private rearm(): void {
    const now = this.clock.now();
    let wake = now + WATCHDOG_MS;
    for (const feed of this.feeds.values()) {
      const due = feed.nextWakeAt();
      if (due !== null) wake = Math.min(wake, Math.max(due, now));
    }
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

  private publish(outputs: readonly FeedOutput[]): void {
    for (const { audience, frame } of outputs) {
      // Encoded once per audience; the gateways send these bytes to every client as they are.
      const payload = JSON.stringify(frame);
      this.published += 1;
      this.bus
        .publish({ audience, matchId: frame.matchId, seq: frame.seq, payload })
        .catch((error: unknown) => {
          this.logger.error(
            `feed ${frame.matchId} ${audience} seq ${String(frame.seq)} not published: ${String(error)}`,
          );
        });
    }
  }
}

function toFeedInput(recorded: RecordedEvent<TablecastEvent>): FeedInput {
  const { type, data } = recorded;
  return {
    event: { type, data } as TablecastEvent,
    revision: recorded.revision,
    position: positionToString(recorded.position),
    recordedAt: recorded.metadata.recordedAt,
    recordedAtMs: Date.parse(recorded.metadata.recordedAt),
  };
}
