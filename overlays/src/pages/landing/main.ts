import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import { landingMessages } from '../../lib/landing/landing-messages';
import { landingToken } from '../../lib/landing/landing-token';
import { takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import LandingPage from './LandingPage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = landingMessages[lang].title;
const token = takeTokenFromAddress(landingToken);

const target = document.getElementById('app');
if (!target) throw new Error('landing page: #app element missing');
mount(LandingPage, { target, props: { lang, token } });
