import type { ClientMessage, CommandRequest, ServerMessage } from '@tablecast/protocol';
import { writable, type Readable } from 'svelte/store';
import { resendDelayMs } from '../../../lib/console/temporary-refusal';
import type { CommandOutcome } from './backend';

export type ChannelStatus = 'connecting' | 'authenticating' | 'ready' | 'closed' | 'rejected';

/** The part of a browser WebSocket the channel uses, so tests can hand it a fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface CommandChannel {
  readonly status: Readable<ChannelStatus>;
  readonly role: Readable<{ role: string; table: string | null } | null>;
  send(matchId: string, request: CommandRequest): Promise<CommandOutcome>;
  close(): void;
}

export interface CommandChannelOptions {
  readonly url: string;
  readonly token: string;
  readonly openSocket?: (url: string) => SocketLike;
  readonly reconnectMs?: number;
  readonly newRequestId: () => string;
}

interface Pending {
  readonly frame: string;
  readonly resolve: (outcome: CommandOutcome) => void;
  /** How many times the server refused it for a while (503) and it was sent again. */
  resends: number;
  /** Set while waiting out the refusal's `retryAfterSeconds`: the timer sends it, not a re-authentication. */
  waiting: boolean;
}

/**
 * Commands over the websocket (protocol `command` → `commandResult`). A command not yet answered
 * when the socket drops is sent again after re-authenticating with the SAME request and idempotency
 * key, so the server answers the original result instead of applying it twice. One the server
 * refused for a while (503 with `retryAfterSeconds`: nothing of it was done) is sent again, the
 * same, after that wait, a few times before the refusal is shown.
 */
export function createCommandChannel(options: CommandChannelOptions): CommandChannel {
  const status = writable<ChannelStatus>('connecting');
  const role = writable<{ role: string; table: string | null } | null>(null);
  const pending = new Map<string, Pending>();
  const openSocket = options.openSocket ?? ((url: string): SocketLike => new WebSocket(url));
  let socket: SocketLike | null = null;
  let ready = false;
  let stopped = false;

  const write = (message: ClientMessage): void => socket?.send(JSON.stringify(message));

  const onMessage = (message: ServerMessage): void => {
    switch (message.type) {
      case 'hello':
        status.set('authenticating');
        write({ type: 'authenticate', token: options.token });
        return;
      case 'authenticated':
        ready = true;
        role.set({ role: message.role, table: message.table });
        status.set('ready');
        for (const { frame, waiting } of pending.values()) if (!waiting) socket?.send(frame);
        return;
      case 'commandResult': {
        const waiting = pending.get(message.requestId);
        if (!waiting) return;
        const resendIn = message.ok ? undefined : resendDelayMs(message.retryAfterSeconds, waiting.resends);
        if (resendIn !== undefined) {
          waiting.resends += 1;
          waiting.waiting = true;
          setTimeout(() => {
            waiting.waiting = false;
            if (ready && pending.get(message.requestId) === waiting) socket?.send(waiting.frame);
          }, resendIn);
          return;
        }
        pending.delete(message.requestId);
        waiting.resolve(
          message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error },
        );
        return;
      }
      case 'error':
        if (message.code === 'unauthenticated') {
          stopped = true;
          status.set('rejected');
          for (const [id, { resolve }] of pending) {
            pending.delete(id);
            resolve({
              ok: false,
              error: { statusCode: 401, error: 'Unauthorized', message: message.message },
            });
          }
          socket?.close();
        }
        return;
      case 'pong':
        return;
      default:
        // Feed frames and other messages are for the overlays; the command channel ignores them.
        return;
    }
  };

  const connect = (): void => {
    ready = false;
    status.set('connecting');
    const current = openSocket(options.url);
    socket = current;
    current.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      onMessage(JSON.parse(event.data) as ServerMessage);
    });
    current.addEventListener('close', () => {
      if (socket !== current) return;
      ready = false;
      if (stopped) return;
      status.set('closed');
      setTimeout(connect, options.reconnectMs ?? 1_000);
    });
  };
  connect();

  return {
    status,
    role,
    send(matchId, request) {
      const requestId = options.newRequestId();
      const frame = JSON.stringify({ type: 'command', requestId, matchId, request } satisfies ClientMessage);
      return new Promise<CommandOutcome>((resolve) => {
        if (stopped) {
          resolve({
            ok: false,
            error: { statusCode: 401, error: 'Unauthorized', message: 'token rejected' },
          });
          return;
        }
        pending.set(requestId, { frame, resolve, resends: 0, waiting: false });
        if (ready) socket?.send(frame);
      });
    },
    close() {
      stopped = true;
      socket?.close();
    },
  };
}
