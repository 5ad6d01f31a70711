import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { resolveAudience } from '@tablecast/broadcast';
import type { AnnounceMessage, ControlMessage, OverlayPageView } from '@tablecast/protocol';
import { CLOCK, type Clock } from '../clock/clock';
import { FeedWatch } from './feed-watch.service';
import { isPageStale, type FeedArrivals } from './page-staleness';

/** How the registry reaches one page's socket: the gateway hands one of these per connection. */
export interface PageLink {
  send(message: ControlMessage): void;
}

/** Which pages a refresh reaches; every field given must match. */
export interface PageFilter {
  readonly pageId?: string;
  readonly matchId?: string;
  readonly page?: string;
}

interface PageEntry {
  readonly pageId: string;
  readonly link: PageLink;
  readonly connectedAt: number;
  announce: AnnounceMessage;
  lastMessageAt: number;
  lastSeq: number | null;
}

/**
 * The overlay pages connected to this server: each announced itself on /ws (no token:
 * an announce grants nothing, it only puts the page on this list). The producer lists them,
 * refreshes them and sends them cues; this registry is the only way the server reaches them
 * outside their feed. The feed watch tells when a page has fallen behind its feed.
 */
@Injectable()
export class OverlayPagesRegistry {
  private readonly logger = new Logger(OverlayPagesRegistry.name);
  private readonly pages = new Map<PageLink, PageEntry>();

  constructor(
    private readonly feeds: FeedWatch,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A page announced itself (again: a heartbeat updates its entry and keeps connectedAt). */
  announce(link: PageLink, message: AnnounceMessage): void {
    const now = this.clock.now();
    const known = this.pages.get(link);
    if (known) {
      known.announce = message;
      known.lastMessageAt = now;
      if (message.lastSeq !== undefined) known.lastSeq = message.lastSeq;
      return;
    }
    this.pages.set(link, {
      pageId: randomUUID(),
      link,
      connectedAt: now,
      announce: message,
      lastMessageAt: now,
      lastSeq: message.lastSeq ?? null,
    });
  }

  /** Any message from an announced page counts as a sign of life; unknown links are ignored. */
  touch(link: PageLink): void {
    const known = this.pages.get(link);
    if (known) known.lastMessageAt = this.clock.now();
  }

  disconnected(link: PageLink): void {
    this.pages.delete(link);
  }

  list(): OverlayPageView[] {
    const now = this.clock.now();
    return [...this.pages.values()].map((entry) => this.status(entry, now));
  }

  /** Tells every matching page to reload itself; returns how many were told. */
  refresh(filter: PageFilter): number {
    return this.sendTo(filter, { type: 'control', action: 'refresh' });
  }

  /** Sends a control message to every page matching the filter; returns how many got it. */
  sendTo(filter: PageFilter, message: ControlMessage): number {
    let delivered = 0;
    for (const entry of this.pages.values()) {
      if (filter.pageId !== undefined && entry.pageId !== filter.pageId) continue;
      if (filter.matchId !== undefined && entry.announce.matchId !== filter.matchId) continue;
      if (filter.page !== undefined && entry.announce.page !== filter.page) continue;
      try {
        entry.link.send(message);
        delivered += 1;
      } catch (error) {
        // A socket closing under us: the page is gone, the others still get theirs.
        this.logger.warn(`control message to page ${entry.pageId}: ${String(error)}`);
      }
    }
    return delivered;
  }

  has(pageId: string): boolean {
    return [...this.pages.values()].some((entry) => entry.pageId === pageId);
  }

  private status(entry: PageEntry, now: number): OverlayPageView {
    const { announce } = entry;
    const feed = this.feedOf(announce);
    return {
      pageId: entry.pageId,
      page: announce.page,
      build: announce.build,
      matchId: announce.matchId ?? null,
      audience: announce.audience ?? null,
      lang: announce.lang ?? null,
      ...(announce.table === undefined ? {} : { table: announce.table }),
      ...(announce.onAir === undefined ? {} : { onAir: announce.onAir }),
      ...(announce.seat === undefined ? {} : { seat: announce.seat }),
      connectedAt: new Date(entry.connectedAt).toISOString(),
      lastMessageAt: new Date(entry.lastMessageAt).toISOString(),
      lastSeq: entry.lastSeq,
      stale: isPageStale(entry, feed, now),
    };
  }

  private feedOf(announce: AnnounceMessage): FeedArrivals | undefined {
    if (announce.matchId === undefined) return undefined;
    // The gateway serves an unknown audience the venue feed (fail closed); compare with that one.
    return this.feeds.arrivals(announce.matchId, resolveAudience(announce.audience ?? 'venue'));
  }
}
