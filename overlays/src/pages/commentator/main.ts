import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import { tabToken, takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import CommentatorPage from './CommentatorPage.svelte';

/** The booth's token, kept apart from a console, producer or replay tab's. */
const kept = tabToken('tablecast.commentator.token');

const params = new URLSearchParams(window.location.search);
const target = document.getElementById('app');
if (!target) throw new Error('commentator page: #app element missing');

const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
const match = params.get('match');
mount(CommentatorPage, {
  target,
  props: {
    matchId: match === null || match === '' ? null : match,
    lang,
    token: takeTokenFromAddress(kept),
    kept,
  },
});
