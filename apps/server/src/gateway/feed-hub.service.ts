import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Audience, BusMessage, BusSubscription, FeedBus } from '@tablecast/broadcast';
import { FEED_BUS, FEED_FRAME_ARCHIVE } from '../broadcast/broadcast.tokens';
import type { FeedFrameArchive } from '../broadcast/feed-frame-archive';
import { performance } from 'node:perf_hooks';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { FEED_HUB_AUDIENCES } from './gateway.tokens';

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

  constructor(
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    /** Frames from before this window (a restart, or a client further behind): none without it. */
    @Optional() @Inject(FEED_FRAME_ARCHIVE) private readonly archive: FeedFrameArchive | null = null,
    /** The audiences taken from the bus; all without it (a gateway with no staff token takes the public ones). */
    @Optional() @Inject(FEED_HUB_AUDIENCES) private readonly audiences: readonly Audience[] | null = null,
    /** Per-frame fan-out time on /metrics; none in unit tests. */
    @Optional() @Inject(FeedTimingMetrics) private readonly timing: FeedTimingMetrics | null = null,
  ) {}

  /** Whether the bus subscription is open (a gateway-only process is not ready before). */
  get subscribed(): boolean {
    return this.subscription !== undefined;
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(
      (message) => {
        this.receive(message);
      },
      {
        ...(this.audiences === null ? {} : { audiences: this.audiences }),
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
    // Behind the window (it starts empty after a restart): the missed frames from the archive, as
    // they were sent, then the window. Read synchronously, so nothing can slip in between. Further
    // behind than a window, a snapshot serves the client better than thousands of frames.
    if (
      lastSeq !== undefined &&
      lastSeq >= 0 &&
      lastSeq < channel.firstSeq - 1 &&
      latestSeq - lastSeq <= RESUME_WINDOW
    ) {
      const missed = this.archive?.framesBetween(matchId, audience, lastSeq + 1, channel.firstSeq - 1);
      if (missed) return { latestSeq, resumed: true, backlog: [...missed, ...channel.frames] };
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
    if (channel.clients.size === 0) return;
    const started = performance.now();
    for (const client of channel.clients) client.sendEncoded(encoded);
    this.timing?.fannedOut(performance.now() - started);
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
