import { mount } from 'svelte';
import { createServerConnection } from '../../lib/server-connection';
import { resolveLang } from '../../lib/i18n';
import StatusPage from './StatusPage.svelte';

const params = new URLSearchParams(window.location.search);
const connection = createServerConnection(window.location);
const target = document.getElementById('app');
if (!target) throw new Error('status page: #app element missing');

mount(StatusPage, {
  target,
  props: { connectionState: connection.state, lang: resolveLang(params.get('lang')) },
});
