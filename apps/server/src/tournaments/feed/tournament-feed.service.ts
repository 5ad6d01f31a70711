import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@tablecast/event-store';
import { tournamentEvents, tournamentStream, type TournamentEvent } from '@tablecast/events';
import type { TournamentFeedFrame } from '@tablecast/protocol';
import { TournamentProjection } from '@tablecast/tournament';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AppEventStore } from '../../event-store/event-store.module';
import { readThenFollow } from '../../event-store/read-then-follow';
import { tournamentFeedView } from './tournament-feed-view';
import { TableBoards } from '../table-boards';
import { VenueTables } from './venue-tables.service';

const TOURNAMENT_TYPES: ReadonlySet<string> = new Set(tournamentEvents.map((d) => d.type));

type Send = (frame: string) => void;

interface Watch {
  readonly tournamentId: string;
  readonly projection: TournamentProjection;
  revision: number;
  readonly clients: Map<object, Send>;
  /** The game matches seated in the event: a venue frame of one of them may move a table's score. */
  matchIds: Set<string>;
  seq: number;
  /** The last frame sent (encoded), the snapshot a new client gets. */
  frame: string | null;
  lastView: string | null;
  pushDue: NodeJS.Immediate | undefined;
  close: () => Promise<void>;
}

/**
 * The tournament feed's state: one watch per event some page watches. Each folds the event's
 * stream (read once, then followed by a subscription to that stream only) into its own projection
 * (the incremental standings ledger), and sends every client the whole view again, encoded once,
 * when a result lands, a round is paired, published or seated, or a seated table's venue frame
 * changes its live status. Unchanged views are not sent again.
 */
@Injectable()
export class TournamentFeed implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TournamentFeed.name);
  private readonly watches = new Map<string, Promise<Watch | null>>();
  private readonly clientWatch = new Map<object, string>();
  private stopVenue: (() => void) | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly venue: VenueTables,
    private readonly tableBoards: TableBoards,
  ) {}

  onModuleInit(): void {
    this.stopVenue = this.venue.onFrame((matchId) => {
      for (const pending of this.watches.values())
        void pending.then((watch) => {
          if (watch?.matchIds.has(matchId)) this.schedule(watch);
        });
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopVenue?.();
    const watches = await Promise.all([...this.watches.values()]);
    this.watches.clear();
    await Promise.all(watches.map((w) => (w === null ? Promise.resolve() : w.close())));
  }

  /** Events watched and pages watching: what a closed page must not leave behind. */
  get watching(): { readonly events: number; readonly pages: number } {
    return { events: this.watches.size, pages: this.clientWatch.size };
  }

  /**
   * `key` (a page's socket) watches `tournamentId` from now on, replacing what it watched: it is
   * sent the current view at once, then each change. False when there is no such tournament.
   */
  async watch(key: object, tournamentId: string, send: Send): Promise<boolean> {
    await this.unwatch(key);
    let pending = this.watches.get(tournamentId);
    if (pending === undefined) {
      pending = this.open(tournamentId);
      this.watches.set(tournamentId, pending);
    }
    const watch = await pending;
    if (watch === null) {
      if (this.watches.get(tournamentId) === pending) this.watches.delete(tournamentId);
      return false;
    }
    watch.clients.set(key, send);
    this.clientWatch.set(key, tournamentId);
    if (watch.frame === null) this.push(watch);
    else send(watch.frame);
    return true;
  }

  async unwatch(key: object): Promise<void> {
    const tournamentId = this.clientWatch.get(key);
    if (tournamentId === undefined) return;
    this.clientWatch.delete(key);
    const pending = this.watches.get(tournamentId);
    const watch = pending === undefined ? null : await pending;
    if (watch === null) return;
    watch.clients.delete(key);
    if (watch.clients.size === 0 && this.watches.get(tournamentId) === pending) {
      this.watches.delete(tournamentId);
      await watch.close();
    }
  }

  private async open(tournamentId: string): Promise<Watch | null> {
    const stream = tournamentStream(tournamentId);
    const projection = new TournamentProjection();
    let revision = -1;
    const read = await readThenFollow(this.store, stream);
    for (const event of read.events) {
      if (TOURNAMENT_TYPES.has(event.type)) projection.apply(event as unknown as TournamentEvent);
      revision = event.revision;
    }
    if (projection.state.created === null) return null;
    // Followed from where the read ended, never from the log's start (readThenFollow).
    const subscription: Subscription<{ stream: string; revision: number; type: string }> =
      this.store.subscribeToAll({ fromPosition: read.after, filter: { streamPrefixes: [stream] } });
    const watch: Watch = {
      tournamentId,
      projection,
      revision,
      clients: new Map(),
      matchIds: seatedMatches(projection),
      seq: 0,
      frame: null,
      lastView: null,
      pushDue: undefined,
      close: async () => {
        if (watch.pushDue !== undefined) clearImmediate(watch.pushDue);
        await subscription.close();
        await running;
      },
    };
    const running = (async () => {
      for await (const event of subscription) {
        // The prefix also matches a longer id (`open` and `open2`); the revision guard keeps the
        // projection whole should a store ever hand an event of the read again.
        if (event.stream !== stream || event.revision <= watch.revision) continue;
        watch.revision = event.revision;
        if (!TOURNAMENT_TYPES.has(event.type)) continue;
        projection.apply(event as unknown as TournamentEvent);
        watch.matchIds = seatedMatches(projection);
        this.schedule(watch);
      }
    })().catch((error: unknown) => {
      this.logger.warn(`tournament feed of ${tournamentId} stopped: ${String(error)}`);
    });
    return watch;
  }

  /** The events of one command arrive together: one frame for all of them. */
  private schedule(watch: Watch): void {
    watch.pushDue ??= setImmediate(() => {
      watch.pushDue = undefined;
      this.push(watch);
    });
  }

  private push(watch: Watch): void {
    const view = tournamentFeedView(
      watch.projection,
      watch.revision,
      (id) => this.venue.liveOf(id),
      (round) => this.tableBoards.feedBoards(round),
    );
    if (view === null) return;
    const viewText = JSON.stringify(view);
    if (viewText === watch.lastView) return;
    watch.lastView = viewText;
    watch.seq += 1;
    const frame: TournamentFeedFrame = {
      type: 'tournament',
      tournamentId: watch.tournamentId,
      seq: watch.seq,
      view,
    };
    watch.frame = JSON.stringify(frame);
    for (const send of watch.clients.values()) send(watch.frame);
  }
}

function seatedMatches(projection: TournamentProjection): Set<string> {
  const ids = new Set<string>();
  for (const round of projection.state.rounds)
    for (const pairing of round.pairings.values())
      if (pairing.matchId !== undefined) ids.add(pairing.matchId);
  // A duplicate table's frames move the boards it has played (TRN-MP-1) as well as its score.
  for (const round of projection.state.rounds)
    for (const table of round.tables.values()) if (table.matchId !== undefined) ids.add(table.matchId);
  return ids;
}
