import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Audience, BusMessage, BusSubscription, FeedBus } from '@tablecast/broadcast';
import { FEED_BUS } from '../broadcast/broadcast.tokens';

/** Frames kept per (match, audience) for clients that resume; older ones get a fresh snapshot. */
const RESUME_WINDOW = 4_096;

/** A connection as the hub sees it: it can take already-encoded bytes, as a text frame. */
export interface FeedClient {
  sendEncoded(frame: Buffer): void;
}

interface FeedChannel {
  /** The newest frames, oldest first; `frames[i]` has seq `firstSeq + i`. */
  readonly frames: Buffer[];
  firstSeq: number;
  readonly clients: Set<FeedClient>;
}

export interface SubscribeResult {
  readonly latestSeq: number;
  readonly resumed: boolean;
  /** Frames to send right after the ack, before any live frame: the missed ones, or the snapshot. */
  readonly backlog: readonly Buffer[];
}

/**
 * The gateway's side of the bus: it receives already-redacted, already-released frames, keeps the
 * latest of each (match, audience) as the snapshot plus a resume window, and forwards each frame
 * as the same bytes to every client of that audience. It never encodes per client and never
 * holds anything its audiences may not see yet.
 */
@Injectable()
export class FeedHub implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(FeedHub.name);
  private readonly channels = new Map<string, FeedChannel>();
  private subscription: BusSubscription | undefined;

  constructor(@Inject(FEED_BUS) private readonly bus: FeedBus) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      (message) => {
        this.receive(message);
      },
      {
        onError: (error) => {
          this.logger.error(`feed bus delivery: ${error.message}`);
        },
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /**
   * Adds the client to the feed and says what to send it first. Synchronous, so no frame can
   * arrive between the backlog and the live frames: no gap, no duplicate.
   */
  subscribe(client: FeedClient, matchId: string, audience: Audience, lastSeq?: number): SubscribeResult {
    const channel = this.channel(matchId, audience);
    channel.clients.add(client);
    const latestSeq = channel.firstSeq + channel.frames.length - 1;
    if (channel.frames.length === 0) return { latestSeq: 0, resumed: lastSeq === 0, backlog: [] };
    if (lastSeq !== undefined && lastSeq >= channel.firstSeq - 1 && lastSeq <= latestSeq) {
      return { latestSeq, resumed: true, backlog: channel.frames.slice(lastSeq - channel.firstSeq + 1) };
    }
    const snapshot = channel.frames[channel.frames.length - 1];
    return { latestSeq, resumed: false, backlog: snapshot === undefined ? [] : [snapshot] };
  }

  unsubscribe(client: FeedClient, matchId?: string): void {
    for (const [key, channel] of this.channels) {
      if (matchId === undefined || key.startsWith(`${matchId}\u0000`)) channel.clients.delete(client);
    }
  }

  private receive(message: BusMessage): void {
    const channel = this.channel(message.matchId, message.audience);
    const latestSeq = channel.firstSeq + channel.frames.length - 1;
    // At-least-once buses may repeat a frame: drop what was already sent.
    if (channel.frames.length > 0 && message.seq <= latestSeq) return;
    if (channel.frames.length > 0 && message.seq !== latestSeq + 1) {
      // A hole in the bus' delivery: restart the window so resumes across it get a snapshot.
      this.logger.warn(
        `feed ${message.matchId} ${message.audience}: seq ${String(message.seq)} after ${String(latestSeq)}`,
      );
      channel.frames.length = 0;
    }
    if (channel.frames.length === 0) channel.firstSeq = message.seq;
    // One Buffer per frame: every client gets these same bytes (ws sends a Buffer without copying).
    const encoded =
      typeof message.payload === 'string' ? Buffer.from(message.payload, 'utf8') : message.payload;
    channel.frames.push(encoded);
    if (channel.frames.length > RESUME_WINDOW) {
      channel.frames.shift();
      channel.firstSeq += 1;
    }
    for (const client of channel.clients) client.sendEncoded(encoded);
  }

  private channel(matchId: string, audience: Audience): FeedChannel {
    const key = `${matchId}\u0000${audience}`;
    let channel = this.channels.get(key);
    if (channel === undefined) {
      channel = { frames: [], firstSeq: 1, clients: new Set() };
      this.channels.set(key, channel);
    }
    return channel;
  }
}
