import type { ServerMessage } from '@tablecast/protocol';
import { writable, type Readable } from 'svelte/store';

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

export interface ConnectionState {
  readonly status: ConnectionStatus;
  readonly serverVersion: string | null;
}

export interface ServerConnection {
  readonly state: Readable<ConnectionState>;
  close(): void;
}

const RECONNECT_DELAY_MS = 1_000;

/** The websocket URL of the server that served this page (same host, path `/ws`). */
export function websocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

/**
 * Headless connection store: owns the websocket and exposes what it learned as a Svelte store,
 * so components only render. Reconnects after a drop and keeps the last known version meanwhile.
 */
export function createServerConnection(location: Pick<Location, 'protocol' | 'host'>): ServerConnection {
  const state = writable<ConnectionState>({ status: 'connecting', serverVersion: null });
  let socket: WebSocket | null = null;
  let stopped = false;

  const connect = (): void => {
    socket = new WebSocket(websocketUrl(location));
    socket.addEventListener('open', () => {
      state.update((s) => ({ ...s, status: 'open' }));
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.type === 'hello') {
        state.update((s) => ({ ...s, serverVersion: message.version }));
      }
    });
    socket.addEventListener('close', () => {
      state.update((s) => ({ ...s, status: 'closed' }));
      if (!stopped) setTimeout(connect, RECONNECT_DELAY_MS);
    });
  };
  connect();

  return {
    state,
    close() {
      stopped = true;
      socket?.close();
    },
  };
}
