/** Rows of the feeds benchmark's tables: one run's figures, and the median over rounds. */
import type { ClientReport } from './feeds-roles';

export interface Row {
  readonly target: string;
  readonly n: number;
  readonly connected: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly delivered: number;
  readonly cpuMicrosPerMessage: number;
  /** Server CPU of the play window (ms) and the events played in it, for the fan-out share. */
  readonly cpuMs: number;
  readonly events: number;
  readonly rss: number;
  readonly eventsPerSecond: number;
  /** The clients' event-loop delay (ms) over the run, and how long they waited for core 1. */
  readonly clientLoopP99: number;
  readonly clientLoopMax: number;
  readonly clientsWaitMs: number;
  /** How long the measured server was runnable but waiting for core 0 in the play window (ms). */
  readonly serverWaitMs: number;
  /** Gateway process only (NaN elsewhere), from its /metrics: the Kafka hop and its fan-out loop, ms. */
  readonly busLagP50: number;
  readonly busLagP99: number;
  readonly fanOutP50: number;
  readonly fanOutP99: number;
}

/** The gateway's own split of a frame's time; none for the servers that have no bus hop. */
export interface GatewaySplit {
  readonly busLagP50: number;
  readonly busLagP99: number;
  readonly fanOutP50: number;
  readonly fanOutP99: number;
}

export const NO_SPLIT: GatewaySplit = { busLagP50: NaN, busLagP99: NaN, fanOutP50: NaN, fanOutP99: NaN };

export interface MeasuredRow extends Row {
  readonly fanOutCpuMicros: number;
}

/** Each column's median over the rounds of one (server, N) (the lower one of an even count). */
export function medianRow(list: readonly MeasuredRow[]): MeasuredRow {
  const [first] = list;
  if (first === undefined) throw new Error('no rounds to summarise');
  const median = (pick: (r: MeasuredRow) => number): number =>
    list.map(pick).sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? NaN;
  return {
    target: first.target,
    n: first.n,
    connected: median((r) => r.connected),
    p50: median((r) => r.p50),
    p99: median((r) => r.p99),
    max: median((r) => r.max),
    delivered: median((r) => r.delivered),
    cpuMicrosPerMessage: median((r) => r.cpuMicrosPerMessage),
    cpuMs: median((r) => r.cpuMs),
    events: median((r) => r.events),
    rss: median((r) => r.rss),
    eventsPerSecond: median((r) => r.eventsPerSecond),
    clientLoopP99: median((r) => r.clientLoopP99),
    clientLoopMax: median((r) => r.clientLoopMax),
    clientsWaitMs: median((r) => r.clientsWaitMs),
    serverWaitMs: median((r) => r.serverWaitMs),
    busLagP50: median((r) => r.busLagP50),
    busLagP99: median((r) => r.busLagP99),
    fanOutP50: median((r) => r.fanOutP50),
    fanOutP99: median((r) => r.fanOutP99),
    fanOutCpuMicros: median((r) => r.fanOutCpuMicros),
  };
}

export function row(
  target: string,
  n: number,
  report: ClientReport,
  events: number,
  cpu: number,
  rss: number,
  eventsPerSecond: number,
  waits: { readonly clientsWaitMs: number; readonly serverWaitMs: number },
  split: GatewaySplit = NO_SPLIT,
): Row {
  const s = report.latency ?? { median: NaN, p99: NaN, max: NaN };
  const expected = events * report.connected;
  const delivered = Math.min(report.frames, expected);
  return {
    target,
    n,
    connected: report.connected,
    p50: s.median,
    p99: s.p99,
    max: s.max,
    delivered: expected === 0 ? 0 : (100 * delivered) / expected,
    cpuMicrosPerMessage: delivered === 0 ? NaN : (cpu * 1000) / delivered,
    cpuMs: cpu,
    events,
    rss,
    eventsPerSecond,
    clientLoopP99: report.loopDelay.p99,
    clientLoopMax: report.loopDelay.max,
    ...waits,
    ...split,
  };
}

/** The gateway's split from its Prometheus text: its two per-frame summaries' p50 and p99, in ms. */
export function gatewaySplitFrom(metrics: string): GatewaySplit {
  const quantile = (summary: string, q: string): number => {
    const line = new RegExp(`^${summary}\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(metrics);
    return line?.[1] === undefined ? NaN : Number(line[1]) * 1000;
  };
  return {
    busLagP50: quantile('tablecast_feed_bus_lag_seconds', '0.5'),
    busLagP99: quantile('tablecast_feed_bus_lag_seconds', '0.99'),
    fanOutP50: quantile('tablecast_feed_fanout_seconds', '0.5'),
    fanOutP99: quantile('tablecast_feed_fanout_seconds', '0.99'),
  };
}
