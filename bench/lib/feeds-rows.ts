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
}

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
  };
}
