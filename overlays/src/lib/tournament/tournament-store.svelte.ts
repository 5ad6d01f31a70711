import { connectTournamentFeed, tournamentFeedUrl, type TournamentFeedState } from './tournament-socket';

export interface TournamentStore {
  /** Reactive (Svelte 5 runes): read it in a component and it re-renders on each frame. */
  readonly state: TournamentFeedState;
  close(): void;
}

/** A rune holding one tournament's feed, from the server that served the page. */
export function createTournamentStore(tournamentId: string): TournamentStore {
  let state = $state.raw<TournamentFeedState>({ view: null, error: null, connected: false });
  const connection = connectTournamentFeed({
    url: tournamentFeedUrl(window.location),
    tournamentId,
    openSocket: (url) => new WebSocket(url),
    onState: (next) => {
      state = next;
    },
  });
  return {
    get state() {
      return state;
    },
    close: () => {
      connection.close();
    },
  };
}
