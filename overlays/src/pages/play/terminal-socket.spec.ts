import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
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

async function seatServer(dropFirstCommand: boolean): Promise<{ url: string; commands: Received[] }> {
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
      if (dropFirstCommand && commands.length === 1) {
        socket.terminate();
        return;
      }
      socket.send(JSON.stringify({ type: 'commandResult', requestId: frame.requestId, ok: true }));
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
});
