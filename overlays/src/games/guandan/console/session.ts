import { postAppeal, type FileAppealOutcome } from './appeal-api';
import type { FileAppealBody } from './appeal-request';
import { fetchMatchState } from './backend';
import { createCommandChannel, type CommandChannel } from './command-channel';
import { createConsoleStore, type ConsoleStore } from './console-store';
import { randomId } from '../../../lib/console/ids';

export interface ConsoleSession {
  readonly store: ConsoleStore;
  readonly channel: CommandChannel;
  /** GD-APL-1: files an appeal for a captain with this console's token (referee or the table's operator). */
  readonly fileAppeal: (body: FileAppealBody) => Promise<FileAppealOutcome>;
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
    fileAppeal: (body) => postAppeal(options.origin, options.matchId, options.token, body),
    close() {
      store.stop();
      channel.close();
    },
  };
}
