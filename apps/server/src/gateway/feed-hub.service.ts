import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Audience, BusMessage, BusSubscription, FeedBus } from '@tablecast/bus';
import { FEED_BUS, FEED_FRAME_ARCHIVE } from '../broadcast/broadcast.tokens';
import { closeSubscribedAtBuild, subscribeAtBuild } from '../broadcast/bus-subscription-at-build';
import type { FeedFrameArchive } from '../broadcast/feed-frame-archive';
import { performance } from 'node:perf_hooks';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { FEED_HUB_AUDIENCES, FEED_WINDOW_BYTES } from './gateway.tokens';

/** Frames kept per (match, audience) for clients that resume; older ones get a fresh snapshot. */
const RESUME_WINDOW = 4_096;
/** FEED_WINDOW_BYTES's default: the resume windows of every channel together, snapshots aside. */
export const DEFAULT_WINDOW_BYTES = 134_217_728;

/**
 * A connection as the hub sees it: it takes already-encoded frames, in order, each as a text frame
 * (several of them in one write where the transport can). The array is not changed afterwards.
 */
export interface FeedClient {
  sendEncoded(frames: readonly Buffer[]): void;
}

interface FeedChannel {
  readonly key: string;
  readonly matchId: string;
  /** The newest frames, oldest first; `frames[i]` has seq `firstSeq + i`. */
  readonly frames: Buffer[];
  firstSeq: number;
  readonly clients: Set<FeedClient>;
  /** The newest frames of the window, not yet sent to `clients` (see `FeedHub.receive`). */
  unsent: Buffer[];
  /** When the first of `unsent` arrived (performance.now()), for the fan-out timing. */
  unsentSince: number;
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
  /**
   * Each client's own channels, so leaving costs what the client holds, not what the hub holds
   * (walking every channel per disconnect stalled the loop once made-up ids had filled the map).
   */
  private readonly subscriptions = new Map<FeedClient, Map<string, FeedChannel>>();
  /** Matches whose frames reached this hub: they exist (the bus carries only real matches). */
  private readonly knownMatches = new Set<string>();
  private readonly subscribing: Promise<BusSubscription>;
  private subscription: BusSubscription | undefined;
  /** Why the bus subscription fetches nothing now (its consumer crashed); undefined while it does. */
  private busDown: string | undefined;
  /** Channels with unsent frames, and the one fan-out of them that is due. */
  private readonly unsentChannels = new Set<FeedChannel>();
  private fanOutDue: NodeJS.Immediate | undefined;
  /**
   * Channels holding more than their snapshot, least recently fed first (a Set keeps insertion
   * order; a fed channel is moved to the end). The windows over budget are cut from the front.
   */
  private readonly windowed = new Set<FeedChannel>();
  /** Bytes of every channel's frames, snapshots included. */
  private heldBytes = 0;

  constructor(
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    /** Frames from before this window (a restart, or a client further behind): none without it. */
    @Optional() @Inject(FEED_FRAME_ARCHIVE) private readonly archive: FeedFrameArchive | null = null,
    /** The audiences taken from the bus; all without it (a gateway with no staff token takes the public ones). */
    @Optional() @Inject(FEED_HUB_AUDIENCES) private readonly audiences: readonly Audience[] | null = null,
    /** Per-frame fan-out time on /metrics; none in unit tests. */
    @Optional() @Inject(FeedTimingMetrics) private readonly timing: FeedTimingMetrics | null = null,
    /**
     * FEED_WINDOW_BYTES: past this many bytes of frames, the windows of the channels fed least
     * recently are cut to their snapshot (a client resuming there gets the snapshot, or the
     * archive's frames where the process has one). Bounds the hub at 10,000 matches, where 4,096
     * frames per (match, audience) would be tens of GB.
     */
    @Optional() @Inject(FEED_WINDOW_BYTES) private readonly windowBudget: number = DEFAULT_WINDOW_BYTES,
  ) {
    // Started while Nest builds the providers, so its consumer group joins beside the others'.
    this.subscribing = subscribeAtBuild(
      bus,
      (message) => {
        this.receive(message);
      },
      {
        ...(this.audiences === null ? {} : { audiences: this.audiences }),
        onError: (error) => {
          this.logger.error(`feed bus delivery: ${error.message}`);
        },
        onHealth: (health) => {
          this.busDown = health.live ? undefined : health.reason;
          if (health.live) this.logger.log('feed bus consuming again');
        },
      },
    );
  }

  /** Whether the bus subscription is open (a gateway-only process is not ready before). */
  get subscribed(): boolean {
    return this.subscription !== undefined;
  }

  /**
   * Why the open bus subscription receives no frame now (its Kafka consumer crashed and has not
   * rejoined its group yet), for readiness; undefined while frames flow. Frames published
   * meanwhile wait on the brokers and come once it rejoined, so spectators see them late, not lost.
   */
  get busFailure(): string | undefined {
    return this.busDown;
  }

  /**
   * Joined before any onApplicationBootstrap, where the feed producer publishes its first frames.
   * Then the bus's latest frame of every (match, audience) this hub takes: a restarted gateway
   * serves a spectator the match's current state at once instead of waiting for its next frame
   * (an ended match has none). Read after the live subscription opened, so every frame is in one
   * or the other; one in both is dropped by seq. `subscribed` (readiness) is true only after.
   */
  async onModuleInit(): Promise<void> {
    const subscription = await this.subscribing;
    const latest = await this.bus.readLatest(
      (message) => {
        this.receive(message);
      },
      this.audiences === null ? {} : { audiences: this.audiences },
    );
    this.subscription = subscription;
    if (latest > 0) this.logger.log(`${String(latest)} latest frames read from the bus`);
  }

  async onModuleDestroy(): Promise<void> {
    await closeSubscribedAtBuild(this.subscribing);
    this.fanOut();
  }

  /**
   * Adds the client to the feed and says what to send it first. Synchronous, so no frame can
   * arrive between the backlog and the live frames: no gap, no duplicate.
   */
  subscribe(client: FeedClient, matchId: string, audience: Audience, lastSeq?: number): SubscribeResult {
    const channel = this.channel(matchId, audience);
    // The clients already there get the window's unsent frames first; the new one gets them in its backlog.
    this.fanOutChannel(channel);
    channel.clients.add(client);
    let own = this.subscriptions.get(client);
    if (own === undefined) {
      own = new Map();
      this.subscriptions.set(client, own);
    }
    own.set(channel.key, channel);
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
    const own = this.subscriptions.get(client);
    if (own === undefined) return;
    for (const [key, channel] of own) {
      if (matchId !== undefined && channel.matchId !== matchId) continue;
      channel.clients.delete(client);
      own.delete(key);
      this.freeIfEmpty(channel);
    }
    if (own.size === 0) this.subscriptions.delete(client);
  }

  /** Whether a frame of the match has reached this hub (on any audience it takes). */
  knows(matchId: string): boolean {
    return this.knownMatches.has(matchId);
  }

  /** How many of the client's feeds are of matches not known yet (see `knows`). */
  waitingCount(client: FeedClient): number {
    let waiting = 0;
    for (const channel of this.subscriptions.get(client)?.values() ?? []) {
      if (!this.knownMatches.has(channel.matchId)) waiting += 1;
    }
    return waiting;
  }

  /** How many feeds (match and audience) the client is subscribed to. */
  subscriptionCount(client: FeedClient): number {
    return this.subscriptions.get(client)?.size ?? 0;
  }

  isSubscribed(client: FeedClient, matchId: string, audience: Audience): boolean {
    return this.subscriptions.get(client)?.has(channelKey(matchId, audience)) ?? false;
  }

  /** Channels held, for the probes that check made-up ids leave nothing behind. */
  get channelCount(): number {
    return this.channels.size;
  }

  /** Bytes of frames held in every channel's window, snapshots included (`/metrics`, tests). */
  get windowBytes(): number {
    return this.heldBytes;
  }

  /**
   * A channel with no frame and no client holds nothing anyone needs: one a client waited on for
   * a match that never sent a frame here. A channel with frames stays: it is a real match's window.
   */
  private freeIfEmpty(channel: FeedChannel): void {
    if (channel.clients.size === 0 && channel.frames.length === 0 && channel.unsent.length === 0) {
      this.channels.delete(channel.key);
      this.unsentChannels.delete(channel);
    }
  }

  private receive(message: BusMessage): void {
    this.knownMatches.add(message.matchId);
    const channel = this.channel(message.matchId, message.audience);
    const latestSeq = channel.firstSeq + channel.frames.length - 1;
    // At-least-once buses may repeat a frame: drop what was already sent.
    if (channel.frames.length > 0 && message.seq <= latestSeq) return;
    if (channel.frames.length > 0 && message.seq !== latestSeq + 1) {
      // A hole in the bus' delivery: restart the window so resumes across it get a snapshot.
      this.logger.warn(
        `feed ${message.matchId} ${message.audience}: seq ${String(message.seq)} after ${String(latestSeq)}`,
      );
      this.keepLatest(channel, 0);
    }
    if (channel.frames.length === 0) channel.firstSeq = message.seq;
    // One Buffer per frame: every client gets these same bytes (ws sends a Buffer without copying).
    const encoded =
      typeof message.payload === 'string' ? Buffer.from(message.payload, 'utf8') : message.payload;
    channel.frames.push(encoded);
    this.heldBytes += encoded.length;
    if (channel.frames.length > RESUME_WINDOW) this.keepLatest(channel, RESUME_WINDOW);
    if (channel.frames.length > 1) {
      this.windowed.delete(channel);
      this.windowed.add(channel);
    }
    if (this.heldBytes > this.windowBudget) this.cutWindows(channel);
    if (channel.clients.size === 0) return;
    // Sent once this turn of the event loop is over, with whatever else arrived in it: a command
    // that records several events (a deal: five) publishes their frames back to back, and one
    // write per client per frame made a spectator's last frame wait for every earlier frame's
    // whole fan-out (1,000 spectators, the deal's frames 150-220 ms late). One write per client
    // for all of them costs little more than one frame's. setImmediate, not a microtask: the
    // producer hands over a command's events one per microtask turn.
    if (channel.unsent.length === 0) channel.unsentSince = performance.now();
    channel.unsent.push(encoded);
    this.unsentChannels.add(channel);
    this.fanOutDue ??= setImmediate(() => {
      this.fanOut();
    });
  }

  private fanOut(): void {
    if (this.fanOutDue !== undefined) clearImmediate(this.fanOutDue);
    this.fanOutDue = undefined;
    for (const channel of this.unsentChannels) this.fanOutChannel(channel);
  }

  private fanOutChannel(channel: FeedChannel): void {
    this.unsentChannels.delete(channel);
    if (channel.unsent.length === 0) return;
    const frames = channel.unsent;
    channel.unsent = [];
    for (const client of channel.clients) client.sendEncoded(frames);
    this.timing?.fannedOut(performance.now() - channel.unsentSince);
  }

  /** Drops the channel's oldest frames until `count` are left (the window moves on by as many seqs). */
  private keepLatest(channel: FeedChannel, count: number): void {
    const dropped = channel.frames.splice(0, Math.max(0, channel.frames.length - count));
    for (const frame of dropped) this.heldBytes -= frame.length;
    channel.firstSeq += dropped.length;
    if (channel.frames.length <= 1) this.windowed.delete(channel);
  }

  /**
   * Over FEED_WINDOW_BYTES: cuts the windows of the channels fed least recently to their snapshot
   * until the hub is within budget again. Each channel keeps its latest frame whatever the budget
   * (it is what a new spectator of the match is sent first), and the channel just fed keeps its
   * window: it is the one its spectators are following now.
   */
  private cutWindows(fed: FeedChannel): void {
    for (const channel of this.windowed) {
      if (this.heldBytes <= this.windowBudget) return;
      if (channel !== fed) this.keepLatest(channel, 1);
    }
  }

  private channel(matchId: string, audience: Audience): FeedChannel {
    const key = channelKey(matchId, audience);
    let channel = this.channels.get(key);
    if (channel === undefined) {
      channel = {
        key,
        matchId,
        frames: [],
        firstSeq: 1,
        clients: new Set(),
        unsent: [],
        unsentSince: 0,
      };
      this.channels.set(key, channel);
    }
    return channel;
  }
}

function channelKey(matchId: string, audience: Audience): string {
  return `${matchId}\u0000${audience}`;
}
