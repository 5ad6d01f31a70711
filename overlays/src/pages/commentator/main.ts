import { mount } from 'svelte';
import { readPageParams } from '../../lib/feed/page-params';
import { tabToken, takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import CommentatorPage from './CommentatorPage.svelte';

/** The booth's token, kept apart from a console, producer or replay tab's. */
const kept = tabToken('tablecast.commentator.token');

const target = document.getElementById('app');
if (!target) throw new Error('commentator page: #app element missing');

// The on-air pages' own reading of `match=`, `table=`, `onair=1` and `lang=`.
const { matchId, follow, lang } = readPageParams(window.location.search);
document.documentElement.lang = lang;
mount(CommentatorPage, {
  target,
  props: {
    matchId,
    follow,
    lang,
    token: takeTokenFromAddress(kept),
    kept,
  },
});
