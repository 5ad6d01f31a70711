import { mount } from 'svelte';
import { createFeedStore } from '../../lib/feed/feed-store.svelte';
import { readPageParams } from '../../lib/feed/page-params';
import { watchMatchId } from '../../lib/watch/watch-url';
import WatchPage from './WatchPage.svelte';

// The spectator site is always on the broadcast feed (delayed, hands included), whatever the URL says.
const params = { ...readPageParams(window.location.search), feed: 'broadcast' as const };
const matchId = watchMatchId(window.location.pathname) ?? params.matchId;
const target = document.getElementById('app');
if (!target) throw new Error('watch page: #app element missing');
document.documentElement.lang = params.lang;
mount(WatchPage, {
  target,
  props: {
    store: matchId === null ? null : createFeedStore(matchId, 'broadcast'),
    params: { ...params, matchId },
  },
});
