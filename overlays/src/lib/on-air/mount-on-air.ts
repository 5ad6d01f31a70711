import { mount, type Component } from 'svelte';
import { createFeedStore, type FeedStore } from '../feed/feed-store.svelte';
import { readPageParams, type PageParams } from '../feed/page-params';

export interface OnAirProps {
  /** null when the URL names no match and no table: the page says so instead of subscribing to nothing. */
  readonly store: FeedStore | null;
  readonly params: PageParams;
}

/**
 * Every on-air page starts the same way: read the URL, subscribe to its one feed (of the match it
 * names, or of the match now at the table it follows), mount.
 */
export function mountOnAir(page: Component<OnAirProps>): void {
  const params = readPageParams(window.location.search);
  const store =
    params.follow !== null
      ? createFeedStore(params.matchId ?? '', params.feed, undefined, params.follow)
      : params.matchId === null
        ? null
        : createFeedStore(params.matchId, params.feed);
  const target = document.getElementById('app');
  if (!target) throw new Error('overlay page: #app element missing');
  document.documentElement.lang = params.lang;
  mount(page, { target, props: { store, params } });
}
