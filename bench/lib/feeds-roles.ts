/**
 * The two child roles of the feeds benchmark (bench/feeds.bench.ts): the spectators (`--role=clients`,
 * N sockets on the clients' core) and the bare `ws` server (`--role=bare`) the gateway is measured
 * against. Each is started by the orchestrator as `bench/feeds.bench.ts --role=...`.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { sendPrebuilt } from '@tablecast/server';
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

// ---------- clients role: N sockets, latency of every frame (sampled on a subset) ----------
export async function runClients(url: string, matchId: string, count: number): Promise<void> {
  let frames = 0;
  const latencies: number[] = [];
  const sockets: WebSocket[] = [];
  const marker = '"recordedAt":"';
  const feedPrefix = Buffer.from('{"type":"feed"', 'latin1');
  for (let i = 0; i < count; i += 1) {
    const socket = new WebSocket(url);
    const measured = i % 10 === 0; // parse the time on one client in ten: the clients' core is the bottleneck
    let skip = 1;
    socket.on('message', (data: Buffer) => {
      // Only feed frames count (not hello or the subscribe ack), and the first of them is the
      // snapshot (on the bare server: its first frame), not a live delivery. Checked on the bytes:
      // decoding every 1.3 kB frame on all N clients made the clients' core the bottleneck for
      // both servers, and its queueing showed up as server latency.
      if (data.compare(feedPrefix, 0, feedPrefix.length, 0, feedPrefix.length) !== 0) return;
      if (skip > 0) {
        skip -= 1;
        return;
      }
      frames += 1;
      if (!measured) return;
      const text = data.toString('latin1');
      const at = text.indexOf(marker);
      if (at < 0) return;
      const sent = Date.parse(text.slice(at + marker.length, at + marker.length + 24));
      if (!Number.isNaN(sent)) latencies.push(Date.now() - sent);
    });
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
    frames,
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
