import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { NonReadingClient } from './support/non-reading-client';
import { startServerProcess, type ServerProcess } from './support/server-process';

/** What SIGTERM may take, whatever is connected: a supervisor starts the replacement right after. */
const STOP_BOUND_MS = 5_000;
/** Whether `bytes` hold a server's close frame (0x88, unmasked, short) with code 1001, going away. */
function hasGoingAwayFrame(bytes: Buffer): boolean {
  for (let i = bytes.indexOf(0x88); i >= 0; i = bytes.indexOf(0x88, i + 1)) {
    if (bytes[i + 2] === 0x03 && bytes[i + 3] === 0xe9) return true;
  }
  return false;
}

interface ReadingClient {
  readonly socket: WebSocket;
  /** Resolves when the server confirmed the subscription: the client is known to it. */
  readonly subscribed: Promise<void>;
  readonly closeCode: Promise<number>;
}

async function readingClient(wsUrl: string): Promise<ReadingClient> {
  const socket = new WebSocket(wsUrl);
  const subscribed = new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString('utf8')) as { type: string }).type === 'subscribed') resolve();
    });
  });
  const closeCode = new Promise<number>((resolve) => {
    socket.once('close', (code: number) => {
      resolve(code);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'subscribe', matchId: 'final_1', audience: 'venue' }));
  return { socket, subscribed, closeCode };
}

describe('SIGTERM with pages connected (a real server process, real websocket clients)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-shutdown-'));
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes every socket with 1001, frees the data dir and exits 0 within 5 s, a client that never reads included', async () => {
    const first = await startServerProcess({ TABLECAST_DATA_DIR: dataDir });
    running.push(first);
    const wsUrl = `${first.url.replace('http', 'ws')}/ws`;
    const pages = [await readingClient(wsUrl), await readingClient(wsUrl)];
    const frozen = await NonReadingClient.open(wsUrl);
    await Promise.all(pages.map((page) => page.subscribed));
    const lockFile = join(dataDir, 'tablecast.lock');
    expect(existsSync(lockFile)).toBe(true);

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>(
      (resolve) => {
        const start = performance.now();
        first.child.kill('SIGTERM');
        first.child.once('exit', (code, signal) => {
          resolve({ code, signal, afterMs: performance.now() - start });
        });
      },
    );
    const { code, signal, afterMs } = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(afterMs).toBeLessThan(STOP_BOUND_MS);
    // The pages were told the server is going away (not a dropped connection, 1006), and the frozen
    // client had the same close frame written to it before its socket was cut.
    expect(await Promise.all(pages.map((page) => page.closeCode))).toEqual([1001, 1001]);
    const frozenTail = await frozen.drain();
    expect(hasGoingAwayFrame(frozenTail), frozenTail.toString('hex')).toBe(true);
    // The lock file is gone (not left behind by a dead pid), and a replacement starts on the dir.
    expect(existsSync(lockFile)).toBe(false);
    running.splice(running.indexOf(first), 1);
    rmSync(first.dataDir, { recursive: true, force: true });
    const replacement = await startServerProcess({ TABLECAST_DATA_DIR: dataDir });
    running.push(replacement);
    expect((await fetch(`${replacement.url}/healthz`)).status).toBe(200);
  });
});
