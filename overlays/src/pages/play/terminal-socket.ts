import type { DoudizhuView, SeatChoices } from '@tablecast/doudizhu/view';
import { resendDelayMs } from '../../lib/console/temporary-refusal';

/** The seat's view as `/ws/play` pushes it (apps/server/src/play/seat-frames.ts). */
export interface SeatViewFrame {
  readonly type: 'view';
  readonly revision: number;
  readonly serverTime: number;
  readonly view: DoudizhuView;
  readonly choices: SeatChoices | null;
}

/** A refusal as the server words it: the HTTP body, with the rule ID for a rule violation. */
export interface CommandError {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly rule?: string;
  readonly messageZh?: string;
}

export type CommandResult = { readonly ok: true } | { readonly ok: false; readonly error: CommandError };

export type TerminalStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface TerminalEvents {
  status(status: TerminalStatus): void;
  joined(seat: string, matchId: string): void;
  view(frame: SeatViewFrame): void;
  result(result: CommandResult): void;
}

/** The command the terminal is waiting on: sent again, unchanged, after a reconnect or a reload. */
interface Pending {
  readonly requestId: string;
  readonly request: {
    /** The match's game, as the command envelope names it. */
    readonly game: string;
    readonly revision: number;
    readonly idempotencyKey: string;
    readonly command: Record<string, unknown>;
  };
}

/** What the socket needs of a WebSocket (the browser's, or `ws` in a test). */
interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface TerminalOptions {
  readonly url: string;
  readonly token: string;
  readonly createSocket: (url: string) => SocketLike;
  /** Where the pending command survives a reload (sessionStorage in the page). */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly newKey: () => string;
  readonly reconnectMs?: number;
}

const OPEN = 1;
/** The server closes an unknown seat token with this code: retrying would not help. */
const REFUSED = 4401;

/**
 * The terminal's connection: joins the seat, hands each view to the page, and sends one command at
 * a time. When the socket drops (or the page reloads) while a command is unanswered, it is sent
 * again with the same idempotency key and revision once the seat has joined again: the server
 * answers a command it already applied with its first answer, so a move is neither lost nor
 * applied twice. A command the server refused for a while (503 with `retryAfterSeconds`: the log
 * was busy, nothing of it was done) is sent again, unchanged, after that wait, a few times before
 * the refusal is shown.
 */
export class TerminalSocket {
  private socket: SocketLike | null = null;
  private pending: Pending | null;
  private stopped = false;
  /** Commands go only to a connection that has joined its seat. */
  private joined = false;
  /** How many times the pending command was refused for a while (503) and sent again. */
  private resends = 0;
  /** Set while waiting out a refusal's `retryAfterSeconds`: the timer sends it, not a rejoin. */
  private waitingToResend = false;
  private readonly storageKey: string;

  constructor(
    private readonly options: TerminalOptions,
    private readonly events: TerminalEvents,
  ) {
    this.storageKey = `tablecast.play.pending.${options.token.slice(0, 12)}`;
    this.pending = this.restore();
    this.connect('connecting');
  }

  /** Whether a command is on its way (the page disables its buttons meanwhile). */
  get busy(): boolean {
    return this.pending !== null;
  }

  /** Sends a move made against `revision`; false when another is still unanswered. */
  send(revision: number, command: Record<string, unknown>, game = 'doudizhu'): boolean {
    if (this.pending !== null) return false;
    const key = this.options.newKey();
    this.pending = {
      requestId: key.slice(0, 32),
      request: { game, revision, idempotencyKey: key, command },
    };
    this.options.storage?.setItem(this.storageKey, JSON.stringify(this.pending));
    this.flush();
    return true;
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private connect(status: TerminalStatus): void {
    this.events.status(status);
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    this.joined = false;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ type: 'join', token: this.options.token }));
    });
    socket.addEventListener('message', (event) => {
      if (typeof event.data === 'string') this.receive(JSON.parse(event.data) as Record<string, unknown>);
    });
    socket.addEventListener('close', (...args: unknown[]) => {
      if (this.socket !== socket || this.stopped) return;
      const code = (args[0] as { code?: number } | undefined)?.code;
      if (code === REFUSED) {
        this.events.status('refused');
        return;
      }
      this.events.status('reconnecting');
      setTimeout(() => {
        if (!this.stopped) this.connect('reconnecting');
      }, this.options.reconnectMs ?? 1_000);
    });
  }

  private receive(frame: Record<string, unknown>): void {
    switch (frame.type) {
      case 'joined':
        this.joined = true;
        this.events.status('open');
        this.events.joined(String(frame.seat), String(frame.matchId));
        // The unanswered command goes again, unchanged: same key, same revision.
        this.flush();
        return;
      case 'view':
        this.events.view(frame as unknown as SeatViewFrame);
        return;
      case 'commandResult': {
        if (this.pending === null || frame.requestId !== this.pending.requestId) return;
        const resendIn = frame.ok === true ? undefined : resendDelayMs(frame.retryAfterSeconds, this.resends);
        if (resendIn !== undefined) {
          this.resends += 1;
          this.waitingToResend = true;
          setTimeout(() => {
            this.waitingToResend = false;
            if (!this.stopped) this.flush();
          }, resendIn);
          return;
        }
        this.pending = null;
        this.resends = 0;
        this.options.storage?.removeItem(this.storageKey);
        this.events.result(
          frame.ok === true ? { ok: true } : { ok: false, error: frame.error as CommandError },
        );
        return;
      }
      case 'error':
        if (frame.code === 'unauthenticated') this.events.status('refused');
        return;
    }
  }

  private flush(): void {
    const socket = this.socket;
    if (this.pending === null || this.waitingToResend || socket === null || !this.joined) return;
    if (socket.readyState !== OPEN) return;
    socket.send(JSON.stringify({ type: 'command', ...this.pending }));
  }

  private restore(): Pending | null {
    const saved = this.options.storage?.getItem(this.storageKey);
    if (saved === null || saved === undefined) return null;
    try {
      return JSON.parse(saved) as Pending;
    } catch {
      return null;
    }
  }
}
