import { mount } from 'svelte';
import { consoleShellMessages } from '../../lib/console/console-shell-messages';
import { operatorToken } from '../../lib/console/token';
import { resolveLang } from '../../lib/i18n';
import { websocketUrl } from '../../lib/server-connection';
import { takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import ConsoleShell from './ConsoleShell.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${consoleShellMessages[lang].title}`;
const token = takeTokenFromAddress(operatorToken);

const target = document.getElementById('app');
if (!target) throw new Error('console page: #app element missing');

mount(ConsoleShell, {
  target,
  props: {
    lang,
    matchId: params.get('match'),
    initialToken: token,
    origin: window.location.origin,
    websocketUrl: websocketUrl(window.location),
  },
});
