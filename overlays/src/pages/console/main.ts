import { mount } from 'svelte';
import { takeToken } from '../../lib/console';
import { messages, resolveLang } from '../../lib/i18n';
import { websocketUrl } from '../../lib/server-connection';
import ConsolePage from './ConsolePage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${messages[lang].console.title}`;
// The token travels in the fragment, which browsers never send; drop it from the address bar at once.
const { token, fromHash } = takeToken(window.location.hash, window.sessionStorage);
if (fromHash) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);

const target = document.getElementById('app');
if (!target) throw new Error('console page: #app element missing');

mount(ConsolePage, {
  target,
  props: {
    lang,
    matchId: params.get('match'),
    initialToken: token,
    origin: window.location.origin,
    websocketUrl: websocketUrl(window.location),
  },
});
