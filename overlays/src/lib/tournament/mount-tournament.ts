import { mount, type Component } from 'svelte';
import { resolveLang, type Lang } from '../i18n';
import { createTournamentStore, type TournamentStore } from './tournament-store.svelte';

export interface TournamentPageProps {
  /** null when the URL names no tournament: the page says so instead of watching nothing. */
  readonly store: TournamentStore | null;
  readonly lang: Lang;
}

/** The tournament named by `?tournament=` (null when none). */
export function tournamentParam(search: string): string | null {
  const id = new URLSearchParams(search).get('tournament');
  return id === null || id === '' ? null : id;
}

/** Every tournament page starts the same way: read the URL, watch its event, mount. */
export function mountTournamentPage(page: Component<TournamentPageProps>): void {
  const search = window.location.search;
  const lang = resolveLang(new URLSearchParams(search).get('lang'));
  const tournamentId = tournamentParam(search);
  const target = document.getElementById('app');
  if (!target) throw new Error('tournament page: #app element missing');
  document.documentElement.lang = lang;
  mount(page, {
    target,
    props: { store: tournamentId === null ? null : createTournamentStore(tournamentId), lang },
  });
}
