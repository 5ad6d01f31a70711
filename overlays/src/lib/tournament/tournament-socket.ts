import type { TournamentFeedServerMessage, TournamentFeedView } from '@tablecast/protocol';

/** The tournament feed's URL on the server that served the page (same host, `/ws/tournament`). */
export function tournamentFeedUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/tournament`;
}

export interface TournamentFeedState {
  readonly view: TournamentFeedView | null;
  /** The server's refusal (an unknown tournament), shown instead of an empty page. */
  readonly error: string | null;
  readonly connected: boolean;
}

export interface TournamentFeedOptions {
  readonly url: string;
  readonly tournamentId: string;
  readonly openSocket: (url: string) => WebSocket;
  readonly onState: (state: TournamentFeedState) => void;
  /** Back-off before reconnecting, by attempt (1, 2, …), in ms. */
  readonly retryDelay?: (attempt: number) => number;
}

/**
 * Watches one tournament over `/ws/tournament`: every frame is the whole view, so a reconnect
 * needs no resume: it watches again and the next frame is the snapshot.
 */
export function connectTournamentFeed(options: TournamentFeedOptions): { close(): void } {
  let state: TournamentFeedState = { view: null, error: null, connected: false };
  let attempt = 0;
  let closed = false;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const retryDelay = options.retryDelay ?? ((n: number) => Math.min(5_000, 250 * 2 ** (n - 1)));
  const set = (next: TournamentFeedState): void => {
    state = next;
    options.onState(state);
  };
  const open = (): void => {
    const current = options.openSocket(options.url);
    socket = current;
    current.addEventListener('open', () => {
      attempt = 0;
      set({ ...state, connected: true });
      current.send(JSON.stringify({ type: 'watchTournament', tournamentId: options.tournamentId }));
    });
    current.addEventListener('message', (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as TournamentFeedServerMessage;
      if (message.type === 'error') {
        set({ ...state, error: message.message });
        return;
      }
      set({ view: message.view, error: null, connected: true });
    });
    current.addEventListener('close', () => {
      if (closed) return;
      set({ ...state, connected: false });
      attempt += 1;
      retry = setTimeout(open, retryDelay(attempt));
    });
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
