import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { BusMessage, BusSubscription, FeedBus } from '@tablecast/bus';
import type { TableLiveView } from '@tablecast/protocol';
import { FEED_BUS } from '../../broadcast/broadcast.tokens';
import { closeSubscribedAtBuild, subscribeAtBuild } from '../../broadcast/bus-subscription-at-build';
import { tableLiveOf } from './table-live';

interface Latest {
  payload: string | Buffer;
  /** Parsed once, when a tournament view first asks for it after a new frame. */
  live: TableLiveView | null | undefined;
}

/**
 * Every match's latest VENUE frame, taken from the feed bus like the gateway's hub, so the
 * tournament feed can show each table's live score without reading a match stream (and without
 * ever holding a frame of an audience with hidden cards). A frame is parsed only when asked for.
 */
@Injectable()
export class VenueTables implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(VenueTables.name);
  private readonly latest = new Map<string, Latest>();
  private readonly listeners = new Set<(matchId: string) => void>();
  private readonly subscribing: Promise<BusSubscription>;

  constructor(@Inject(FEED_BUS) bus: FeedBus) {
    // Started while Nest builds the providers, so its consumer group joins beside the others'.
    this.subscribing = subscribeAtBuild(
      bus,
      (message) => {
        this.receive(message);
      },
      {
        audiences: ['venue'],
        onError: (error) => {
          this.logger.error(`venue frames for the tournament feed: ${error.message}`);
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
    this.listeners.clear();
  }

  /** The table's live status from its latest venue frame; null before one with a view. */
  liveOf(matchId: string): TableLiveView | null {
    const held = this.latest.get(matchId);
    if (held === undefined) return null;
    if (held.live === undefined) {
      const text = typeof held.payload === 'string' ? held.payload : held.payload.toString('utf8');
      held.live = tableLiveOf(matchId, JSON.parse(text));
    }
    return held.live;
  }

  /** `listener` is told the match id of each venue frame from now on; the result stops it. */
  onFrame(listener: (matchId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private receive(message: BusMessage): void {
    if (message.audience !== 'venue') return;
    this.latest.set(message.matchId, { payload: message.payload, live: undefined });
    for (const listener of this.listeners) listener(message.matchId);
  }
}
