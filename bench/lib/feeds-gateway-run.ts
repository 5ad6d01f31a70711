/**
 * One gateway-process run of the feeds benchmark (bench/feeds.bench.ts): N spectators on a
 * gateway-only process (TABLECAST_ROLE=gateway) alone on core 0, fed over Kafka (kcat's mock) by
 * the recorded frames of a real match, re-published from the orchestrator on core 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import {
  BENCH_SERVER_ENV,
  childPid,
  clientsFor,
  finish,
  pinned,
  rssMiB,
  runQueueWaitMs,
  waitForHealth,
} from './feeds-children';
import { benchKafkaClient, type BenchKafkaClient } from './feeds-kafka-stack';
import { FEEDS_TARGETS } from './feeds-report';
import type { FramePublisher } from './feeds-replay';
import { gatewaySplitFrom, row, type Row } from './feeds-rows';
import { freePort } from './match-server';
import { processCpuMs as cpuMs, stopProcess } from './process';
import { fmt } from './stats';

export interface GatewayRunSettings {
  readonly brokers: string;
  readonly kafkaMaxWaitMs: string;
  readonly playMs: number;
  readonly drainMs: number;
  readonly eventsPerSecond: number;
  /** How long the gateway's CPU is read with nothing to serve, before its match starts. */
  readonly idleMs: number;
  readonly serverNodeArgs: readonly string[];
  /** The gateway's KAFKA_CLIENT; FEEDS_BENCH_KAFKA_CLIENT (default confluent) when omitted. */
  readonly kafkaClient?: BenchKafkaClient;
}

export type GatewayRow = Row & {
  readonly idleCpuMsPerSecond: number;
  readonly idleCpuMs: number;
  /** In the play window: the gateway's wait for core 0 and how busy core 1 was (kcat, clients, publisher). */
  readonly coreNote: string;
};

let runs = 0;
/** How long after the play window the gateway may take to fan out its last frame before the run goes on without it. */
const CATCH_UP_LIMIT_MS = 10_000;
/** The clients' minimum time after a late gateway's last frame. */
const LATE_DRAIN_MS = 500;

/**
 * The match's first frame is published before the clients connect and the gateway has it by then,
 * so every client's first frame is a snapshot, as elsewhere. The gateway's CPU window is the play
 * window plus the time until its last frame reached an observer socket (the bare server's window
 * ends with its last send): a fixed drain would bill it idle Kafka polling the bare server never has.
 */
export async function gatewayProcessRun(
  publisher: FramePublisher,
  n: number,
  settings: GatewayRunSettings,
): Promise<GatewayRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-bench-gateway-'));
  const port = await freePort();
  const gateway = pinned(0, [...settings.serverNodeArgs, 'apps/server/dist/main.js'], {
    ...BENCH_SERVER_ENV,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    TABLECAST_ROLE: 'gateway',
    KAFKA_BROKERS: settings.brokers,
    KAFKA_MAX_WAIT_MS: settings.kafkaMaxWaitMs,
    KAFKA_CLIENT: settings.kafkaClient ?? benchKafkaClient(),
    // kafkajs cannot start an idempotent producer on the mock (it names no controller).
    KAFKA_IDEMPOTENT: String((settings.kafkaClient ?? benchKafkaClient()) === 'confluent'),
    TABLECAST_DATA_DIR: dataDir,
  });
  const observer = new FeedObserver(`ws://127.0.0.1:${String(port)}/ws`);
  try {
    const url = `http://127.0.0.1:${String(port)}`;
    const wsUrl = `${url.replace('http', 'ws')}/ws`;
    await waitForHealth(url);
    const pid = gateway.pid ?? 0;
    // Its CPU with no match and no spectator: the Kafka client fetching from the mock every
    // KAFKA_MAX_WAIT_MS (a broker would hold the fetch until a frame came), part of every row.
    const idleBefore = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, settings.idleMs));
    const idleCpuMsPerSecond = ((cpuMs(pid) - idleBefore) * 1000) / settings.idleMs;
    runs += 1;
    const matchId = `bench_gateway_${String(n)}_${String(runs)}`;
    await publisher.publishFirst(matchId);
    await observer.open(matchId);
    const clients = await clientsFor(wsUrl, matchId, n);
    const clientsPid = clients.pid ?? 0;
    const kcat = childPid('kcat');
    const kcatCpu = (): number => (kcat === undefined ? NaN : cpuMs(kcat));
    const kcatWait = (): number => (kcat === undefined ? NaN : runQueueWaitMs(kcat));
    const before = {
      cpu: cpuMs(pid),
      wait: runQueueWaitMs(pid),
      clientsWait: runQueueWaitMs(clientsPid),
      kcat: kcatCpu(),
      kcatWait: kcatWait(),
      clients: cpuMs(clientsPid),
      publisher: cpuMs(process.pid),
    };
    const started = Date.now();
    const { sent, lastSeq } = await publisher.replay(matchId, settings.playMs, settings.eventsPerSecond);
    const seconds = (Date.now() - started) / 1000;
    const waits = {
      clientsWaitMs: runQueueWaitMs(clientsPid) - before.clientsWait,
      serverWaitMs: runQueueWaitMs(pid) - before.wait,
    };
    const share = (ms: number): string => `${fmt(ms / 10 / seconds, 0)} %`;
    const coreNote = `N=${String(n)}: waited ${fmt(waits.serverWaitMs, 0)} ms of ${fmt(seconds * 1000, 0)} for core 0; core 1: kcat ${share(kcatCpu() - before.kcat)} (waited ${fmt(kcatWait() - before.kcatWait, 0)} ms for it), clients ${share(cpuMs(clientsPid) - before.clients)}, publisher ${share(cpuMs(process.pid) - before.publisher)}`;
    process.stderr.write(`gateway ${coreNote}\n`);
    // Until the gateway has fanned out the last frame (it may still be fetching Kafka's backlog, or
    // be starved of core 0): its CPU for every frame the clients count must be in the window.
    const caughtUp = await observer.seen(lastSeq, CATCH_UP_LIMIT_MS);
    const cpu = cpuMs(pid) - before.cpu;
    const caughtUpAt = Date.now();
    const windowMs = caughtUpAt - started;
    // What the same window costs it with nothing to serve: its Kafka client polling the mock.
    const idleCpuMs = (idleCpuMsPerSecond * windowMs) / 1000;
    if (!caughtUp) {
      process.stderr.write(
        `gateway N=${String(n)}: last frame not out ${String(CATCH_UP_LIMIT_MS)} ms after the play window\n`,
      );
    }
    // The clients' core may lag behind the gateway: they get the drain to receive what was sent,
    // and a little more when the gateway itself was late.
    const drainUntil = Math.max(started + settings.playMs + settings.drainMs, caughtUpAt + LATE_DRAIN_MS);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, drainUntil - Date.now())));
    const report = await finish(clients);
    const rss = rssMiB(pid);
    // Its own per-frame split (this process saw only this run's match): Kafka hop and fan-out loop.
    const split = gatewaySplitFrom(await (await fetch(`${url}/metrics`)).text());
    const result = row(FEEDS_TARGETS.GATEWAY, n, report, sent, cpu, rss, sent / seconds, waits, split);
    return { ...result, idleCpuMsPerSecond, idleCpuMs, coreNote };
  } finally {
    observer.close();
    await stopProcess(gateway);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One socket on the gateway (on core 1, not counted): when it holds the match, and its last seq. */
class FeedObserver {
  private socket: WebSocket | undefined;
  private lastSeq = -1;
  private waiting: (() => void) | undefined;

  constructor(private readonly url: string) {}

  /** Resolves once the gateway sent a frame of the match (it holds its feed). */
  async open(matchId: string): Promise<void> {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.on('message', (data: Buffer) => {
      const text = data.toString('latin1');
      if (!text.startsWith('{"type":"feed"')) return;
      const seq = /"seq":(\d+)/.exec(text)?.[1];
      if (seq !== undefined) this.lastSeq = Math.max(this.lastSeq, Number(seq));
      this.waiting?.();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
        resolve();
      });
      socket.once('error', reject);
    });
    if (!(await this.seen(0, 30_000))) throw new Error(`no frame of ${matchId} from the gateway within 30 s`);
  }

  /** Whether a frame with `seq` or later arrived within `timeoutMs`. */
  seen(seq: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(false);
      }, timeoutMs);
      const check = (): void => {
        if (this.lastSeq < seq) return;
        clearTimeout(timer);
        this.waiting = undefined;
        resolve(true);
      };
      this.waiting = check;
      check();
    });
  }

  close(): void {
    this.socket?.terminate();
  }
}
