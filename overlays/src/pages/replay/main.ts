import { mount } from 'svelte';
import { resolveLang } from '../../lib/i18n';
import { replayMessages } from '../../lib/replay/replay-messages';
import { httpAppealsFetcher } from '../../lib/replay/replay-appeals';
import { httpReplayFetcher, ReplayStore } from '../../lib/replay/replay-store';
import { httpTimelineFetcher } from '../../lib/replay/replay-timeline';
import { arbiterToken } from '../../lib/replay/replay-token';
import { httpRulingSubmit } from '../../lib/replay/ruling-submit';
import { takeTokenFromAddress } from '../../lib/sign-in/tab-token';
import ReplayPage from './ReplayPage.svelte';

const params = new URLSearchParams(window.location.search);
const lang = resolveLang(params.get('lang'));
document.documentElement.lang = lang;
document.title = `Tablecast · ${replayMessages[lang].title}`;
const token = takeTokenFromAddress(arbiterToken);

const target = document.getElementById('app');
if (!target) throw new Error('replay page: #app element missing');

const matchId = params.get('match');
const start = params.get('position');
const fetchView =
  matchId !== null && token !== null ? httpReplayFetcher(window.location.origin, matchId, token) : null;
const store = fetchView ? new ReplayStore(fetchView) : null;
const loadAppeals =
  matchId !== null && token !== null && fetchView
    ? httpAppealsFetcher(window.location.origin, matchId, token, fetchView)
    : null;
const ruling =
  token !== null && fetchView
    ? {
        submit: httpRulingSubmit(window.location.origin, token),
        // Every penalty of the match, whatever position the replay shows.
        loadPenalties: async () => (await fetchView(undefined)).penalties,
      }
    : null;
const loadEvents =
  matchId !== null && token !== null ? httpTimelineFetcher(window.location.origin, matchId, token) : null;
mount(ReplayPage, { target, props: { lang, store, matchId, token, loadAppeals, ruling, loadEvents } });
void store?.go(start === null ? 0 : Number(start));
