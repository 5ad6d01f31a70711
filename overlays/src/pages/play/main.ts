import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import PlayPage from './PlayPage.svelte';

const params = new URLSearchParams(window.location.search);
// The seat token rides in the fragment: it never reaches a server's or a proxy's request log.
const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
const target = document.getElementById('app');
if (!target) throw new Error('play page: #app element missing');

const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
mount(PlayPage, { target, props: { token, lang } });
