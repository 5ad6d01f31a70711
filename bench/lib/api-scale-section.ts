/**
 * The scale bench's `api` part: commands/s of 1 and of 2 `TABLECAST_ROLE=api` processes on one
 * shared SQLite log (target: 2 at least 1.7 times 1), and where the time goes (each process's CPU
 * per command, its wait for a core, and its appends' wait for the log's one write lock).
 *
 * Sized by a time budget: SCALE_BENCH_API_BUDGET_SECONDS of measured windows in all, split over
 * SCALE_BENCH_API_ROUNDS rounds of (1 process, 2 processes), alternated so that a change in the
 * machine's load falls on both; each run also boots its processes and warms up for
 * SCALE_BENCH_API_WARMUP_SECONDS first. SCALE_BENCH_API_TABLES matches are keyed at once in every
 * run, split evenly over the processes.
 */
import { cpus, tmpdir } from 'node:os';
import { runApiScale, type ApiScaleRun } from './api-scale-run';
import { fmt, markdownTable } from './stats';

function positive(name: string, fallback: string): number {
  const value = process.env[name] ?? fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive number, got ${value}`);
  return parsed;
}

const BUDGET_SECONDS = positive('SCALE_BENCH_API_BUDGET_SECONDS', '80');
const ROUNDS = positive('SCALE_BENCH_API_ROUNDS', '2');
const WARMUP_SECONDS = positive('SCALE_BENCH_API_WARMUP_SECONDS', '5');
const TABLES = positive('SCALE_BENCH_API_TABLES', '8');
const WORK_DIR = process.env.SCALE_BENCH_API_DIR ?? process.env.TMPDIR ?? tmpdir();
const TARGET_RATIO = 1.7;

interface Totals {
  commands: number;
  seconds: number;
}

const perCommand = (value: number, commands: number): string =>
  commands === 0 ? '–' : fmt(value / commands, 2);

function row(run: ApiScaleRun, round: number): string[] {
  const each = (f: (p: ApiScaleRun['perProcess'][number]) => string): string =>
    run.perProcess.map(f).join(' / ');
  return [
    String(round),
    String(run.processes),
    fmt(run.commands, 0),
    fmt(run.commands / run.seconds, 0),
    each((p) => perCommand(p.cpuMs, p.served)),
    perCommand(
      run.perProcess.reduce((sum, p) => sum + p.cpuMs, 0),
      run.commands,
    ),
    each((p) => fmt(p.runQueueWaitMs / run.seconds / 10, 0)),
    each((p) => (p.appends === 0 ? '–' : fmt((100 * p.lockWaits) / p.appends, 1))),
    each((p) => perCommand(p.lockWaitMs, p.appends)),
    each((p) => perCommand(p.transactionMs, p.appends)),
    each((p) => perCommand(p.commitMs, p.appends)),
    perCommand(run.clientCpuMs, run.commands),
  ];
}

export async function apiScaleSection(loadAverage: () => string): Promise<string> {
  const seconds = BUDGET_SECONDS / (2 * ROUNDS);
  const cores = cpus().length;
  const runs: { round: number; run: ApiScaleRun }[] = [];
  const totals = new Map<number, Totals>([
    [1, { commands: 0, seconds: 0 }],
    [2, { commands: 0, seconds: 0 }],
  ]);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const processes of [1, 2]) {
      process.stderr.write(`scale: api round ${String(round)}, ${String(processes)} process(es)\n`);
      const run = await runApiScale({
        processes,
        tables: TABLES,
        warmupSeconds: WARMUP_SECONDS,
        seconds,
        workDir: WORK_DIR,
        cores,
      });
      process.stderr.write(
        `scale: ${String(processes)} api: ${fmt(run.commands / run.seconds, 0)} commands/s ${JSON.stringify(run.perProcess)}\n`,
      );
      runs.push({ round, run });
      const total = totals.get(processes);
      if (total !== undefined) {
        total.commands += run.commands;
        total.seconds += run.seconds;
      }
    }
  }
  const rate = (p: number): number => {
    const total = totals.get(p);
    return total === undefined || total.seconds === 0 ? 0 : total.commands / total.seconds;
  };
  const ratio = rate(1) === 0 ? 0 : rate(2) / rate(1);
  return [
    `api processes: \`TABLECAST_ROLE=api\` processes (\`node apps/server/dist/main.js\`) on one shared SQLite log (\`TABLECAST_LOG_DIR\`, each with its own data dir), each one's event loop on its own core; ${fmt(TABLES, 0)} Guandan bot matches keyed closed-loop by this bench process over kept-alive HTTP, each match's every call to one process (as a router by match sends them; tables split evenly), the bots following each match from the command answers. ${String(ROUNDS)} rounds of 1 then 2 processes, each booted on a fresh log, warmed up ${fmt(WARMUP_SECONDS, 0)} s, then measured ${fmt(seconds, 1)} s. Commands/s counts the commands answered 200 in the window. The per-process columns read each process's /proc (CPU, its event loop's wait for a core) and its /metrics (\`tablecast_event_log_append_*\`: BEGIN IMMEDIATE waiting for the log's write lock, the work inside the transaction, the COMMIT). Load average at the end: ${loadAverage()}.`,
    '',
    markdownTable(
      [
        'round',
        'api processes',
        'commands',
        'commands/s',
        'CPU ms per command served, per process',
        'CPU ms per command, all processes',
        'event loop waiting for a core, % of the window, per process',
        'appends that waited for the write lock %',
        'lock wait ms per append',
        'in-transaction ms per append',
        'commit ms per append',
        'bench client CPU ms per command',
      ],
      runs.map(({ round, run }) => row(run, round)),
    ),
    '',
    markdownTable(
      ['1 process commands/s', '2 processes commands/s', '2 ÷ 1', `≥ ${fmt(TARGET_RATIO, 1)}`],
      [[fmt(rate(1), 0), fmt(rate(2), 0), fmt(ratio, 2), ratio >= TARGET_RATIO ? 'yes' : 'no']],
    ),
  ].join('\n');
}
