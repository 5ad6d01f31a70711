import { mount } from 'svelte';
import { messages, resolveLang } from '../../lib/i18n';
import { takeProducerToken } from '../../lib/producer/producer-token';
import ProducerPage from './ProducerPage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${messages[lang].producer.title}`;
// The token travels in the fragment, which browsers never send; drop it from the address bar at once.
const { token, fromHash } = takeProducerToken(window.location.hash, window.sessionStorage);
if (fromHash) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}`);

const target = document.getElementById('app');
if (!target) throw new Error('producer page: #app element missing');

mount(ProducerPage, {
  target,
  props: { lang, matchId: params.get('match'), initialToken: token, origin: window.location.origin },
});
