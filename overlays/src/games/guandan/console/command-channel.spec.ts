import type { ClientMessage, ServerMessage } from '@tablecast/protocol';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TEMPORARY_RESENDS } from '../../../lib/console/temporary-refusal';
import { createCommandChannel, type SocketLike } from './command-channel';

/** A scripted socket: records frames sent and lets the test deliver server frames. */
class FakeSocket implements SocketLike {
  readonly sent: ClientMessage[] = [];
  private readonly listeners: {
    open: (() => void)[];
    close: (() => void)[];
    message: ((e: { data: unknown }) => void)[];
  } = { open: [], close: [], message: [] };
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    for (const l of this.listeners.close) l();
  }
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'message', listener: never): void {
    this.listeners[type].push(listener);
  }
  deliver(message: ServerMessage): void {
    for (const l of this.listeners.message) l({ data: JSON.stringify(message) });
  }
}

const request = {
  revision: 3,
  idempotencyKey: 'key-12345678',
  command: { type: 'Pass', seat: 'E' },
} as const;

afterEach(() => {
  vi.useRealTimers();
});

describe('command channel', () => {
  it('authenticates after hello, then sends commands and resolves their results', async () => {
    const sockets: FakeSocket[] = [];
    let ids = 0;
    const channel = createCommandChannel({
      url: 'ws://x/ws',
      token: 'operator-token-123456',
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      newRequestId: () => `r${String((ids += 1))}`,
    });
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    const outcome = channel.send('m1', request);
    expect(socket.sent).toEqual([]);
    socket.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    expect(socket.sent).toEqual([{ type: 'authenticate', token: 'operator-token-123456' }]);
    socket.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    expect(get(channel.status)).toBe('ready');
    expect(get(channel.role)).toEqual({ role: 'operator', table: 't1' });
    expect(socket.sent[1]).toEqual({ type: 'command', requestId: 'r1', matchId: 'm1', request });
    socket.deliver({
      type: 'commandResult',
      requestId: 'r1',
      ok: false,
      error: { statusCode: 409, error: 'StaleRevision', message: 'stale', currentRevision: 4 },
    });
    await expect(outcome).resolves.toEqual({
      ok: false,
      error: { statusCode: 409, error: 'StaleRevision', message: 'stale', currentRevision: 4 },
    });
  });

  it('resends an unanswered command with the same idempotency key after reconnecting', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const channel = createCommandChannel({
      url: 'ws://x/ws',
      token: 'operator-token-123456',
      reconnectMs: 500,
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      newRequestId: () => 'r1',
    });
    const first = sockets[0];
    if (!first) throw new Error('no socket');
    first.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    first.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    const outcome = channel.send('m1', request);
    first.close();
    expect(get(channel.status)).toBe('closed');
    await vi.advanceTimersByTimeAsync(500);
    const second = sockets[1];
    if (!second) throw new Error('no reconnect');
    second.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    second.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    expect(first.sent[1]).toMatchObject({ type: 'command' });
    expect(second.sent[1]).toEqual(first.sent[1]);
    expect(second.sent[1]).toMatchObject({ request: { idempotencyKey: 'key-12345678' } });
    second.deliver({
      type: 'commandResult',
      requestId: 'r1',
      ok: true,
      result: { matchId: 'm1', revision: 4, position: '9', events: [], replayed: true },
    });
    await expect(outcome).resolves.toMatchObject({ ok: true, result: { replayed: true } });
    channel.close();
  });

  it('answers 401 to waiting commands when the token is refused, and stops reconnecting', async () => {
    const sockets: FakeSocket[] = [];
    const channel = createCommandChannel({
      url: 'ws://x/ws',
      token: 'bad-token-0000000000',
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      newRequestId: () => 'r1',
    });
    const outcome = channel.send('m1', request);
    sockets[0]?.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    sockets[0]?.deliver({ type: 'error', code: 'unauthenticated', message: 'unknown token' });
    await expect(outcome).resolves.toMatchObject({ ok: false, error: { statusCode: 401 } });
    expect(get(channel.status)).toBe('rejected');
    expect(sockets).toHaveLength(1);
  });

  it('sends a command the log refused for a while again, the same, only after its retryAfterSeconds; a reconnect meanwhile does not send it early', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const channel = createCommandChannel({
      url: 'ws://x/ws',
      token: 'operator-token-123456',
      reconnectMs: 100,
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      newRequestId: () => 'r1',
    });
    const busy = {
      type: 'commandResult',
      requestId: 'r1',
      ok: false,
      error: { statusCode: 503, error: 'ServiceUnavailable', code: 'logBusy', message: 'busy' },
      retryAfterSeconds: 2,
    } as const;
    const first = sockets[0];
    if (!first) throw new Error('no socket');
    first.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    first.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    let settled = false;
    const outcome = channel.send('m1', request).finally(() => {
      settled = true;
    });
    first.deliver(busy);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(first.sent.filter((m) => m.type === 'command')).toHaveLength(1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.sent.filter((m) => m.type === 'command')).toHaveLength(2);
    expect(first.sent[2]).toEqual(first.sent[1]);

    // Refused again; the socket drops and comes back within the wait: nothing is sent before it.
    first.deliver(busy);
    first.close();
    await vi.advanceTimersByTimeAsync(100);
    const second = sockets[1];
    if (!second) throw new Error('no reconnect');
    second.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    second.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    expect(second.sent.filter((m) => m.type === 'command')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_900);
    expect(second.sent.filter((m) => m.type === 'command')).toEqual([first.sent[1]]);
    second.deliver({
      type: 'commandResult',
      requestId: 'r1',
      ok: true,
      result: { matchId: 'm1', revision: 4, position: '9', events: [], replayed: false },
    });
    await expect(outcome).resolves.toMatchObject({ ok: true, result: { revision: 4 } });
    channel.close();
  });

  it('shows a refusal that stays temporary past its resends, and one without retryAfterSeconds at once', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    let ids = 0;
    const channel = createCommandChannel({
      url: 'ws://x/ws',
      token: 'operator-token-123456',
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      newRequestId: () => `r${String((ids += 1))}`,
    });
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    socket.deliver({ type: 'hello', version: '0.1.0', serverTime: 0 });
    socket.deliver({ type: 'authenticated', role: 'operator', table: 't1' });
    const unavailable = channel.send('m1', request);
    for (let n = 0; n <= MAX_TEMPORARY_RESENDS; n += 1) {
      socket.deliver({
        type: 'commandResult',
        requestId: 'r1',
        ok: false,
        error: { statusCode: 503, error: 'ServiceUnavailable', code: 'logUnavailable', message: 'down' },
        retryAfterSeconds: 1,
      });
      await vi.advanceTimersByTimeAsync(1_000);
    }
    await expect(unavailable).resolves.toMatchObject({ ok: false, error: { code: 'logUnavailable' } });
    expect(socket.sent.filter((m) => m.type === 'command')).toHaveLength(1 + MAX_TEMPORARY_RESENDS);

    const stale = channel.send('m1', request);
    socket.deliver({
      type: 'commandResult',
      requestId: 'r2',
      ok: false,
      error: { statusCode: 409, error: 'StaleRevision', message: 'stale' },
    });
    await expect(stale).resolves.toMatchObject({ ok: false, error: { statusCode: 409 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent.filter((m) => m.type === 'command' && m.requestId === 'r2')).toHaveLength(1);
    channel.close();
  });
});
