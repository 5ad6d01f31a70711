import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { BusMessage, BusPayload, BusSubscription, FeedBus } from '@tablecast/bus';
import type { FeedFrame } from '@tablecast/protocol';
import { FEED_BUS } from '../broadcast/broadcast.tokens';
import { closeSubscribedAtBuild, subscribeAtBuild } from '../broadcast/bus-subscription-at-build';
import { CLOCK, type Clock } from '../clock/clock';
import type { FeedArrivals } from './page-staleness';

/** Arrival times kept per feed for the "behind its feed" check; a page further back is stale anyway. */
const ARRIVALS_KEPT = 256;

/**
 * The producer's look at the feeds as they leave the server: when each frame arrived
 * (to tell a page that has fallen behind) and the newest broadcast frame of each match (for the
 * delay clock). Everything on the bus is already released, and only the producer's API reads
 * this. The broadcast payload is kept as the bus' own bytes and parsed only when asked for.
 */
@Injectable()
export class FeedWatch implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(FeedWatch.name);
  private readonly arrivalsByFeed = new Map<string, { seqs: number[]; at: number[] }>();
  private readonly broadcast = new Map<string, { seq: number; payload: BusPayload }>();
  /** The newest commentary frame per match, for the commentator page (the booth's own feed). */
  private readonly commentary = new Map<string, { seq: number; payload: BusPayload }>();
  /** The latest broadcast frame parsed so far per match, and the table time its views reached. */
  private readonly parsed = new Map<string, { seq: number; frame: FeedFrame; releasedUpTo: string | null }>();
  private readonly subscribing: Promise<BusSubscription>;

  constructor(
    @Inject(FEED_BUS) bus: FeedBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    // Started while Nest builds the providers, so its consumer group joins beside the others'.
    this.subscribing = subscribeAtBuild(
      bus,
      (message) => {
        this.arrived(message);
      },
      {
        audiences: ['venue', 'broadcast', 'commentary'],
        onError: (error) => {
          this.logger.warn(`feed bus delivery: ${error.message}`);
        },
      },
    );
  }

  /** Joined before any onApplicationBootstrap, where the feed producer publishes its first frames. */
  async onModuleInit(): Promise<void> {
    await this.subscribing;
  }

  async onModuleDestroy(): Promise<void> {
    await closeSubscribedAtBuild(this.subscribing);
  }

  arrivals(matchId: string, audience: string): FeedArrivals | undefined {
    return this.arrivalsByFeed.get(feedKey(matchId, audience));
  }

  /**
   * The newest broadcast frame of the match as sent to its clients (undefined before any), and
   * the table time the last frame with a view had reached, as far as frames were read here
   * (parsed when asked, about once a second, not per frame).
   */
  latestBroadcast(matchId: string): { frame: FeedFrame | undefined; releasedUpTo: string | null } {
    const latest = this.broadcast.get(matchId);
    const known = this.parsed.get(matchId);
    if (latest === undefined) return { frame: undefined, releasedUpTo: null };
    if (known?.seq === latest.seq) return known;
    const text = typeof latest.payload === 'string' ? latest.payload : latest.payload.toString('utf8');
    const frame = JSON.parse(text) as FeedFrame;
    const entry = {
      seq: latest.seq,
      frame,
      releasedUpTo: frame.view?.asOf ?? known?.releasedUpTo ?? null,
    };
    this.parsed.set(matchId, entry);
    return entry;
  }

  /** The newest commentary frame of the match as released to its clients; undefined before any. */
  latestCommentary(matchId: string): FeedFrame<unknown> | undefined {
    const latest = this.commentary.get(matchId);
    if (latest === undefined) return undefined;
    const text = typeof latest.payload === 'string' ? latest.payload : latest.payload.toString('utf8');
    return JSON.parse(text) as FeedFrame<unknown>;
  }

  private arrived(message: BusMessage): void {
    const key = feedKey(message.matchId, message.audience);
    let feed = this.arrivalsByFeed.get(key);
    if (feed === undefined) {
      feed = { seqs: [], at: [] };
      this.arrivalsByFeed.set(key, feed);
    }
    const newest = feed.seqs[feed.seqs.length - 1];
    // At-least-once buses may repeat a frame.
    if (newest !== undefined && message.seq <= newest) return;
    feed.seqs.push(message.seq);
    feed.at.push(this.clock.now());
    if (feed.seqs.length > ARRIVALS_KEPT) {
      feed.seqs.shift();
      feed.at.shift();
    }
    if (message.audience === 'broadcast')
      this.broadcast.set(message.matchId, { seq: message.seq, payload: message.payload });
    if (message.audience === 'commentary')
      this.commentary.set(message.matchId, { seq: message.seq, payload: message.payload });
  }
}

function feedKey(matchId: string, audience: string): string {
  return `${matchId}\u0000${audience}`;
}
