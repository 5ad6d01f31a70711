import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { MAX_TEMPORARY_RESENDS } from '../../lib/console/temporary-refusal';
import { TerminalSocket, type CommandResult, type TerminalStatus } from './terminal-socket';

/**
 * The terminal's connection against a real websocket server standing in for `/ws/play`: it drops
 * the connection on the first command it gets, unanswered, as a lost network would.
 */
interface Received {
  readonly type: string;
  readonly requestId?: string;
  readonly request?: { readonly idempotencyKey: string; readonly revision: number };
}

const servers: WebSocketServer[] = [];
const terminals: TerminalSocket[] = [];
afterEach(async () => {
  for (const terminal of terminals.splice(0)) terminal.close();
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => {
      server.close(resolve);
    });
  }
});

/** The server's answer to the n-th command (from 1): undefined drops the connection instead. */
type Answer = (n: number, frame: Received) => Record<string, unknown> | undefined;

/** Answers every command accepted, or drops the connection on the first one. */
const acceptAll =
  (dropFirstCommand: boolean): Answer =>
  (n, frame) =>
    dropFirstCommand && n === 1 ? undefined : { type: 'commandResult', requestId: frame.requestId, ok: true };

/** The log busy for the first `busy` commands (503 with retryAfterSeconds), then accepted. */
const busyFor =
  (busy: number, retryAfterSeconds = 0.02): Answer =>
  (n, frame) =>
    n <= busy
      ? {
          type: 'commandResult',
          requestId: frame.requestId,
          ok: false,
          error: {
            statusCode: 503,
            error: 'ServiceUnavailable',
            code: 'logBusy',
            message: 'the event log is busy',
          },
          retryAfterSeconds,
        }
      : { type: 'commandResult', requestId: frame.requestId, ok: true };

async function seatServer(answers: boolean | Answer): Promise<{ url: string; commands: Received[] }> {
  const answer = typeof answers === 'boolean' ? acceptAll(answers) : answers;
  const server = new WebSocketServer({ port: 0 });
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const commands: Received[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as Received;
      if (frame.type === 'join') {
        socket.send(JSON.stringify({ type: 'joined', seat: '1', matchId: 'm1', serverTime: Date.now() }));
        return;
      }
      if (frame.type !== 'command') return;
      commands.push(frame);
      const reply = answer(commands.length, frame);
      if (reply === undefined) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify(reply));
    });
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return { url: `ws://127.0.0.1:${String(address.port)}`, commands };
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

function terminal(
  url: string,
  storage: MemoryStorage,
  seen: { statuses: TerminalStatus[]; results: CommandResult[] },
  reconnectMs = 20,
): TerminalSocket {
  let n = 0;
  const socket = new TerminalSocket(
    {
      url,
      token: 'seat-token-for-test',
      createSocket: (to) => new WebSocket(to),
      storage,
      newKey: () => `play-key-${String((n += 1))}`,
      reconnectMs,
    },
    {
      status: (s) => seen.statuses.push(s),
      joined: () => undefined,
      view: () => undefined,
      result: (r) => seen.results.push(r),
    },
  );
  terminals.push(socket);
  return socket;
}

describe('the terminal connection', () => {
  it('sends an unanswered move again, same key and revision, after the socket drops', async () => {
    const { url, commands } = await seatServer(true);
    const seen = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    const socket = terminal(url, new MemoryStorage(), seen);
    await vi.waitFor(() => {
      expect(seen.statuses).toContain('open');
    });
    expect(socket.send(7, { type: 'Pass', seat: 1 })).toBe(true);
    // One move at a time: a second is refused while the first is unanswered.
    expect(socket.send(7, { type: 'Pass', seat: 1 })).toBe(false);
    await vi.waitFor(() => {
      expect(seen.results).toEqual([{ ok: true }]);
    });
    expect(seen.statuses).toContain('reconnecting');
    expect(commands.map((c) => [c.request?.idempotencyKey, c.request?.revision])).toEqual([
      ['play-key-1', 7],
      ['play-key-1', 7],
    ]);
    expect(socket.busy).toBe(false);
  });

  it('sends it again after a reload: the pending move is kept in the session', async () => {
    const { url, commands } = await seatServer(true);
    const storage = new MemoryStorage();
    const seen = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    // This page does not come back by itself: it is reloaded before it would reconnect.
    const first = terminal(url, storage, seen, 60_000);
    await vi.waitFor(() => {
      expect(seen.statuses).toContain('open');
    });
    first.send(3, { type: 'Bid', seat: 1, bid: 2 });
    await vi.waitFor(() => {
      expect(commands).toHaveLength(1);
    });
    first.close();
    // The page reloads: a new connection with the same session storage.
    const reloaded = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    terminal(url, storage, reloaded);
    await vi.waitFor(() => {
      expect(reloaded.results).toEqual([{ ok: true }]);
    });
    expect(commands[1]?.request).toEqual(commands[0]?.request);
    expect(storage.items.size).toBe(0);
  });

  it('sends a move refused for a while (503 with retryAfterSeconds) again, unchanged, and shows only the final answer', async () => {
    const { url, commands } = await seatServer(busyFor(2));
    const seen = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    const socket = terminal(url, new MemoryStorage(), seen);
    await vi.waitFor(() => {
      expect(seen.statuses).toContain('open');
    });
    socket.send(5, { type: 'Pass', seat: 1 });
    await vi.waitFor(() => {
      expect(seen.results).toEqual([{ ok: true }]);
    });
    expect(commands.map((c) => [c.requestId, c.request?.idempotencyKey, c.request?.revision])).toEqual([
      ['play-key-1', 'play-key-1', 5],
      ['play-key-1', 'play-key-1', 5],
      ['play-key-1', 'play-key-1', 5],
    ]);
    expect(socket.busy).toBe(false);
  });

  it('shows the refusal once the log stayed busy past its resends', async () => {
    const { url, commands } = await seatServer(busyFor(Number.POSITIVE_INFINITY));
    const seen = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    const socket = terminal(url, new MemoryStorage(), seen);
    await vi.waitFor(() => {
      expect(seen.statuses).toContain('open');
    });
    socket.send(5, { type: 'Pass', seat: 1 });
    await vi.waitFor(() => {
      expect(seen.results).toHaveLength(1);
    });
    expect(seen.results[0]).toMatchObject({ ok: false, error: { statusCode: 503 } });
    // The first send and MAX_TEMPORARY_RESENDS more.
    expect(commands).toHaveLength(1 + MAX_TEMPORARY_RESENDS);
    expect(socket.busy).toBe(false);
  });

  it('shows a refusal that waiting does not change (no retryAfterSeconds) at once, sent once', async () => {
    const { url, commands } = await seatServer((_, frame) => ({
      type: 'commandResult',
      requestId: frame.requestId,
      ok: false,
      error: { statusCode: 409, error: 'StaleRevision', message: 'stale' },
    }));
    const seen = { statuses: [] as TerminalStatus[], results: [] as CommandResult[] };
    const socket = terminal(url, new MemoryStorage(), seen);
    await vi.waitFor(() => {
      expect(seen.statuses).toContain('open');
    });
    socket.send(5, { type: 'Pass', seat: 1 });
    await vi.waitFor(() => {
      expect(seen.results).toHaveLength(1);
    });
    expect(seen.results[0]).toMatchObject({ ok: false, error: { statusCode: 409 } });
    expect(commands).toHaveLength(1);
  });
});
