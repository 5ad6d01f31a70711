/**
 * The two child roles of the feeds benchmark (bench/feeds.bench.ts): the spectators (`--role=clients`,
 * N sockets on the clients' core) and the bare `ws` server (`--role=bare`) the gateway is measured
 * against. Each is started by the orchestrator as `bench/feeds.bench.ts --role=...`.
 */
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { sendPrebuilt } from '@tablecast/server';
import { FeedFrameCounter } from './feed-frame-counter';
import { summarize, type Summary } from './stats';

export interface ClientReport {
  readonly connected: number;
  readonly frames: number;
  readonly latency: Summary | null;
  /**
   * The clients' own event-loop delay (ms) from ready to done: a frame that sat in this
   * process's queue is measured late, whichever server sent it.
   */
  readonly loopDelay: { readonly p50: number; readonly p99: number; readonly max: number };
}

/** Timer resolution of the clients' event-loop delay histogram (ms). */
const LOOP_DELAY_RESOLUTION_MS = 5;
/** A feed frame is about 1.3 kB; the largest snapshot far less than this. */
const MAX_PAYLOAD = 4 * 1024 * 1024;

const WS_OPTIONS = {
  // No compression offered, no UTF-8 check of frames only timed, no 100 MiB payload ceiling.
  perMessageDeflate: false,
  skipUTF8Validation: true,
  maxPayload: MAX_PAYLOAD,
} as const;
/** Feed frames (not hello or the subscribe ack) start with these bytes. */
const FEED_PREFIX = Buffer.from('{"type":"feed"', 'latin1');
const TIME_MARKER = '"recordedAt":"';
/** Where every counting client's reads land, one after the other (see countingClient). */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** A client whose every feed frame goes through ws and is timed: its `recordedAt` to now. */
function measuredClient(url: string, latencies: number[], onFrame: () => void): WebSocket {
  const socket = new WebSocket(url, WS_OPTIONS);
  // The first feed frame is the snapshot (on the bare server: its first frame), not a live delivery.
  let skip = 1;
  socket.on('message', (data: Buffer) => {
    if (data.compare(FEED_PREFIX, 0, FEED_PREFIX.length, 0, FEED_PREFIX.length) !== 0) return;
    if (skip > 0) {
      skip -= 1;
      return;
    }
    onFrame();
    // Found in the bytes, and only the 24 characters of the time decoded.
    const at = data.indexOf(TIME_MARKER, 0, 'latin1');
    if (at < 0) return;
    const start = at + TIME_MARKER.length;
    const sent = Date.parse(data.toString('latin1', start, start + 24));
    if (!Number.isNaN(sent)) latencies.push(Date.now() - sent);
  });
  return socket;
}

/**
 * A client that only counts its feed frames (nine in ten): ws does the handshake and sends the
 * subscribe, then its frames are counted from the socket's bytes (bench/lib/feed-frame-counter.ts).
 */
function countingClient(url: string, counters: FeedFrameCounter[]): WebSocket {
  let raw: Socket | undefined;
  // Before 'open' the reads go to ws (copied: the buffer is reused), from 'open' to the counter.
  let counter: FeedFrameCounter | undefined;
  const onRead = (nread: number, buffer: Uint8Array): boolean => {
    if (counter !== undefined) counter.push(buffer as Buffer, nread);
    else raw?.push(Buffer.from(buffer.subarray(0, nread)));
    return true;
  };
  // node:net's `onread`: every read of the socket lands in one buffer shared by all counting
  // clients (each read is counted before the next) and goes to a callback, with no Buffer
  // allocated per read and no stream in between: the per-read Buffers were the clients' main
  // garbage, and their memory set off V8's full collections of a heap holding N sockets.
  const connectReading = ((options: { host?: string; port?: number | string }) =>
    (raw = connect({
      host: options.host ?? '127.0.0.1',
      port: Number(options.port),
      onread: { buffer: READ_BUFFER, callback: onRead },
    }))) as typeof connect;
  const socket = new WebSocket(url, { ...WS_OPTIONS, createConnection: connectReading });
  socket.once('open', () => {
    // Emitted by ws right after it attached its reader to the socket and before any frame was
    // read (bytes that came with the handshake are back in the socket's queue, for 'data'):
    // every frame from here on reaches the counter, none went through ws.
    const started = new FeedFrameCounter(FEED_PREFIX, 1);
    counter = started;
    counters.push(started);
    raw?.removeAllListeners('data');
    raw?.on('data', (chunk: Buffer) => {
      started.push(chunk);
    });
  });
  return socket;
}

// ---------- clients role: N sockets, latency of every frame (sampled on a subset) ----------
export async function runClients(url: string, matchId: string, count: number): Promise<void> {
  let measuredFrames = 0;
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  // Counting clients: frames counted from the raw TCP stream once ws has done the handshake.
  const counters: FeedFrameCounter[] = [];
  for (let i = 0; i < count; i += 1) {
    // Parse the time on one client in ten: the clients' core is the bottleneck.
    const socket =
      i % 10 === 0
        ? measuredClient(url, latencies, () => (measuredFrames += 1))
        : countingClient(url, counters);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
    sockets.push(socket);
  }
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
  loopDelay.enable();
  process.stdout.write('ready\n');
  // The orchestrator says when the play window is over.
  await new Promise<void>((resolve) => {
    process.stdin.once('data', () => {
      resolve();
    });
  });
  // Summarised here: a list of every sample is too long a line for a pipe read in one go.
  const sorted = latencies.sort((a, b) => a - b);
  loopDelay.disable();
  // The histogram is in ns and includes the timer's own resolution: subtract it.
  const ms = (ns: number): number => Math.max(0, ns / 1e6 - LOOP_DELAY_RESOLUTION_MS);
  const report: ClientReport = {
    connected: sockets.length,
    frames: counters.reduce((sum, counter) => sum + counter.frames, measuredFrames),
    latency: sorted.length === 0 ? null : summarize(sorted),
    loopDelay: {
      p50: ms(loopDelay.percentile(50)),
      p99: ms(loopDelay.percentile(99)),
      max: ms(loopDelay.max),
    },
  };
  for (const socket of sockets) socket.terminate();
  // Exit only once the line is flushed: stdout to a pipe is asynchronous.
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
}

// ---------- bare role: a plain ws server broadcasting same-size frames at 20/s ----------
export function runBare(template: string, eventsPerSecond: number): void {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () => {
    const address = server.address();
    process.stdout.write(
      `listening ${typeof address === 'object' && address !== null ? String(address.port) : ''}\n`,
    );
  });
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  // Each frame's loop over the clients (ms), like the gateway's fan-out loop on its /metrics.
  const loops: number[] = [];
  process.stdin.on('data', (chunk: Buffer) => {
    if (chunk.toString().startsWith('start')) {
      const startedAt = Date.now();
      timer = setInterval(() => {
        // Every frame due by now, stamped with its due time: a starved timer catches up rather
        // than sending fewer frames, so the bare server is offered the same 20 frames/s the
        // gateway gets from Kafka, and its lateness counts in its latency as the gateway's does.
        const due = Math.floor(((Date.now() - startedAt) * eventsPerSecond) / 1000) + 1;
        while (sent < due) {
          const dueAt = new Date(startedAt + (sent * 1000) / eventsPerSecond).toISOString();
          // Encoded once, the same bytes to every client, sent the way the gateway sends them (one
          // websocket frame built once, written to each socket): the floor it is measured against.
          const frame = Buffer.from(template.replace('@@TIME@@', dueAt), 'utf8');
          sent += 1;
          const started = performance.now();
          for (const client of server.clients) sendPrebuilt(client, frame);
          loops.push(performance.now() - started);
        }
      }, 1000 / eventsPerSecond);
    } else {
      clearInterval(timer);
      const loop = loops.length === 0 ? null : summarize(loops);
      process.stdout.write(
        `sent ${String(sent)} loop ${String(loop?.median ?? NaN)} ${String(loop?.p99 ?? NaN)}\n`,
        () => process.exit(0),
      );
    }
  });
}
