import { mount } from 'svelte';
import { messages, resolveLang } from '../../lib/i18n';
import { producerToken } from '../../lib/producer/producer-token';
import { takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import ProducerPage from './ProducerPage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${messages[lang].producer.title}`;
const token = takeTokenFromAddress(producerToken);

const target = document.getElementById('app');
if (!target) throw new Error('producer page: #app element missing');

mount(ProducerPage, {
  target,
  props: { lang, matchId: params.get('match'), initialToken: token, origin: window.location.origin },
});
