import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import CountdownPage from './CountdownPage.svelte';

const params = new URLSearchParams(window.location.search);
const target = document.getElementById('app');
if (!target) throw new Error('countdown page: #app element missing');

const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
mount(CountdownPage, { target, props: { params, lang } });
