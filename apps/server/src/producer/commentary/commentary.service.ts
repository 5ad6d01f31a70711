import { Inject, Injectable } from '@nestjs/common';
import { matchStream } from '@tablecast/events';
import { commentaryExtras } from '@tablecast/games';
import type { FeedStatus } from '@tablecast/protocol';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AppEventStore } from '../../event-store/event-store.module';
import { foldMatch } from '../../matches/loaded-match';
import { FeedWatch } from '../feed-watch.service';

/**
 * What the commentator page shows of a match: the commentary feed's own view (every hand, as the
 * broadcast was a security delay ago) with what the booth wants beside it. Everything is worked
 * out here from the match's log cut at the revision that view shows, so no figure runs ahead of
 * the delayed feed, and the legal plays are the game module's, never the browser's guess.
 */
export type CommentarySnapshot =
  | { readonly matchId: string; readonly state: 'waiting' }
  | { readonly matchId: string; readonly state: 'delayBuilding'; readonly status: FeedStatus }
  | {
      readonly matchId: string;
      readonly state: 'live';
      readonly game: string;
      readonly status: FeedStatus;
      readonly view: unknown;
      /** The game's extras (Guandan: legal plays, stats, tricks); null for a game with none yet. */
      readonly extras: unknown;
    };

@Injectable()
export class CommentaryService {
  constructor(
    private readonly feeds: FeedWatch,
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
  ) {}

  async snapshot(matchId: string): Promise<CommentarySnapshot> {
    const frame = this.feeds.latestCommentary(matchId);
    if (frame === undefined) return { matchId, state: 'waiting' };
    const view = frame.view as { revision: number } | null;
    if (view === null) return { matchId, state: 'delayBuilding', status: frame.status };
    const log = await this.store.readStream(matchStream(matchId));
    const released = log.filter((event) => event.revision <= view.revision);
    const loaded = foldMatch(matchId, released);
    if (loaded === undefined) return { matchId, state: 'waiting' };
    const { game } = loaded;
    return {
      matchId,
      state: 'live',
      game,
      status: frame.status,
      view,
      extras: commentaryExtras(game, loaded.state, released),
    };
  }
}
