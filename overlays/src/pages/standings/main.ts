import { mount } from 'svelte';
import { readPageParams } from '../../lib/feed/page-params';
import { mountOnAir } from '../../lib/on-air/mount-on-air';
import '../../lib/on-air/on-air.css';
import { tournamentParam } from '../../lib/tournament/mount-tournament';
import { createTournamentStore } from '../../lib/tournament/tournament-store.svelte';
import StandingsPage from './StandingsPage.svelte';

// `?tournament=` draws the event's standings from the tournament feed; without it, one match's.
const tournamentId = tournamentParam(window.location.search);
if (tournamentId === null) mountOnAir(StandingsPage);
else {
  const params = readPageParams(window.location.search);
  const target = document.getElementById('app');
  if (!target) throw new Error('overlay page: #app element missing');
  document.documentElement.lang = params.lang;
  mount(StandingsPage, {
    target,
    props: { store: null, params, tournament: createTournamentStore(tournamentId) },
  });
}
