import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { driveMatch } from '../simulation/bot-driver';
import { TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

const LIMIT = 65_536;

/** A client-to-server websocket text frame (masked, as RFC 6455 requires of clients). */
function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 0xffff) throw new Error('frame too long for this helper');
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.alloc(4);
  if (payload.length >= 126) {
    header[0] = 0x81;
    header[1] = 0x80 | 126;
    header.writeUInt16BE(payload.length, 2);
  }
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}

/**
 * A raw TCP websocket client that completes the handshake, subscribes, and then stops reading
 * its socket — a spectator on a stalled connection. Reading resumes only when the test says so.
 */
class StalledClient {
  received = 0;
  closed = false;
  /** The last bytes received: where the server's parting error and close frame are. */
  tail = '';
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received += chunk.length;
      this.tail = (this.tail + chunk.toString('latin1')).slice(-4_096);
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {
      this.closed = true;
    });
  }

  /** Connects, sends `messages`, and stops reading. */
  static async open(url: string, messages: readonly unknown[]): Promise<StalledClient> {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.write(
      [
        'GET /ws HTTP/1.1',
        `Host: ${hostname}:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    const response = await new Promise<string>((resolve) => {
      socket.once('data', (chunk: Buffer) => {
        resolve(chunk.toString('latin1'));
      });
    });
    expect(response.startsWith('HTTP/1.1 101')).toBe(true);
    const client = new StalledClient(socket);
    for (const message of messages) socket.write(maskedTextFrame(JSON.stringify(message)));
    socket.pause();
    return client;
  }

  resumeReading(): void {
    this.socket.resume();
  }

  destroy(): void {
    this.socket.destroy();
  }
}

describe('a feed client that stops reading (real sockets)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ FEED_CLIENT_BUFFER: String(LIMIT), TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    // Two whole deals played: the venue feed's resume window holds several hundred frames.
    await driveMatch(server.app.get(MatchCommandService), {
      matchId: 'slow_1',
      table: 't1',
      seed: 'slow-client',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 2 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('is dropped once FEED_CLIENT_BUFFER bytes are unsent, while a reading client gets every frame', async () => {
    const subscribe = { type: 'subscribe', matchId: 'slow_1', audience: 'venue', lastSeq: 0 };
    // It asks for the backlog (about 0.5 MB) again and again and reads none of it: far more than
    // the limit plus what the kernel's socket buffers on both ends can absorb (a few MB).
    const stalled = await StalledClient.open(
      server.url,
      Array.from({ length: 16 }, () => subscribe),
    );
    const reader = await FeedSocket.open(server);
    reader.send(subscribe);
    const ack = await reader.until((m) => m.type === 'subscribed');
    const latestSeq = ack.type === 'subscribed' ? ack.latestSeq : -1;
    await reader.until((m) => m.type === 'feed' && m.seq === latestSeq);
    const backlogBytes = reader.raw
      .filter((r) => r.text.startsWith('{"type":"feed"'))
      .reduce((sum, r) => sum + Buffer.byteLength(r.text), 0);
    expect(backlogBytes).toBeGreaterThan(400_000);
    expect(reader.frames().map((f) => f.seq)).toEqual(Array.from({ length: latestSeq }, (_, i) => i + 1));

    // Checked every second, whether or not a frame is published: once the server has dropped the
    // stalled client, it reads again and gets what was in flight, then the reason and the hang-up.
    await vi.waitFor(
      async () => {
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        expect(metrics).toMatch(
          /tablecast_websocket_limit_trips_total\{setting="FEED_CLIENT_BUFFER"\} [1-9]/,
        );
      },
      { timeout: 15_000, interval: 100 },
    );
    stalled.resumeReading();
    const deadline = Date.now() + 10_000;
    while (!stalled.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stalled.closed).toBe(true);
    expect(stalled.received).toBeLessThan(backlogBytes * 16);
    expect(stalled.tail).toContain('"code":"slow-consumer"');
    expect(stalled.tail).toContain('slow consumer: over FEED_CLIENT_BUFFER');
    stalled.destroy();
    await reader.close();
  }, 30_000);
});
