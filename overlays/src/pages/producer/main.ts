import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import { producerMessages } from '../../lib/producer/producer-messages';
import { producerToken } from '../../lib/producer/producer-token';
import { takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import ProducerPage from './ProducerPage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${producerMessages[lang].title}`;
const token = takeTokenFromAddress(producerToken);

const target = document.getElementById('app');
if (!target) throw new Error('producer page: #app element missing');

mount(ProducerPage, {
  target,
  props: { lang, matchId: params.get('match'), initialToken: token, origin: window.location.origin },
});
