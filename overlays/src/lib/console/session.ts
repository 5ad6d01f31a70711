import { fetchMatchState } from './backend';
import { createCommandChannel, type CommandChannel } from './command-channel';
import { createConsoleStore, type ConsoleStore } from './console-store';
import { randomId } from './ids';

export interface ConsoleSession {
  readonly store: ConsoleStore;
  readonly channel: CommandChannel;
  close(): void;
}

/** Wires the headless store to the real server: state over HTTP, commands over the websocket. */
export function openConsoleSession(options: {
  readonly matchId: string;
  readonly token: string;
  readonly origin: string;
  readonly websocketUrl: string;
}): ConsoleSession {
  const channel = createCommandChannel({
    url: options.websocketUrl,
    token: options.token,
    newRequestId: () => randomId('req'),
  });
  const store = createConsoleStore({
    matchId: options.matchId,
    newKey: () => randomId('console'),
    backend: {
      fetchState: (matchId) => fetchMatchState(options.origin, matchId, options.token),
      sendCommand: (matchId, request) => channel.send(matchId, request),
    },
  });
  store.start();
  return {
    store,
    channel,
    close() {
      store.stop();
      channel.close();
    },
  };
}
