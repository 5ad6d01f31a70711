import type { FeedStatus, MatchView, WatchListing } from '@tablecast/protocol';
import type { ProducedView } from './feed-producer.service';

/** Guandan's view names no game (it predates the others); every other game's view names its own. */
function isGuandanView(view: ProducedView): view is ProducedView & MatchView {
  return view.game === undefined || view.game === 'guandan';
}

function stringField(view: ProducedView, field: 'table' | 'asOf'): string | null {
  const value = (view as unknown as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : null;
}

/**
 * A match as the spectator index lists it, from what its broadcast feed has released. The listing's
 * teams, levels and result are Guandan's; another game's match is listed by its table and the moment
 * on air, the rest empty, until the listing carries every game's view.
 */
export function watchListingOf(
  matchId: string,
  released: { readonly view: ProducedView | null; readonly status: FeedStatus | null } | undefined,
): WatchListing {
  const view = released?.view ?? null;
  const feed = released?.status ?? null;
  if (view !== null && isGuandanView(view)) {
    return {
      matchId,
      feed,
      table: view.table,
      teams: view.teams,
      status: view.status,
      levels: view.levels,
      handsPlayed: view.handsPlayed,
      result: view.result,
      asOf: view.asOf,
    };
  }
  return {
    matchId,
    feed,
    table: view === null ? null : stringField(view, 'table'),
    teams: null,
    status: null,
    levels: null,
    handsPlayed: 0,
    result: null,
    asOf: view === null ? null : stringField(view, 'asOf'),
  };
}
