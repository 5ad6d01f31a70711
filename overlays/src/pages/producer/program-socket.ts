import type { ProgramServerMessage, ProgramView } from '@tablecast/protocol/producer';

/** The server refused the token (`/ws/producer` closes with these): no reconnecting. */
const REFUSED = new Set([4401, 4403]);
const RETRY_MS = 1_000;

export interface ProgramSocketHandlers {
  readonly onProgram: (program: ProgramView) => void;
  readonly onLink: (link: 'connecting' | 'open' | 'offline' | 'refused') => void;
}

/**
 * The dashboard's program feed: sends the producer's token, then receives the whole program at
 * each change. Reconnects after a lost connection (a server restart); stops when refused.
 */
export function openProgramSocket(
  origin: string,
  token: string,
  handlers: ProgramSocketHandlers,
): { close(): void } {
  let closed = false;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = (): void => {
    handlers.onLink('connecting');
    const opened = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws/producer`);
    socket = opened;
    opened.onopen = () => {
      opened.send(JSON.stringify({ type: 'watchProgram', token }));
    };
    opened.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as ProgramServerMessage;
      if (message.type === 'program') {
        handlers.onLink('open');
        handlers.onProgram(message.program);
      }
    };
    opened.onclose = (event) => {
      if (closed) return;
      if (REFUSED.has(event.code)) {
        handlers.onLink('refused');
        return;
      }
      handlers.onLink('offline');
      retry = setTimeout(connect, RETRY_MS);
    };
  };
  connect();
  return {
    close: () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
