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
 *
 * SCALE_BENCH_API_PROJECTOR=on (the default, the deployed topology: docs/deployment.md) runs one
 * TABLECAST_ROLE=projector process beside the api processes, which only read the read models it
 * writes (API_PROJECTIONS=projector); off runs the api processes alone, each projecting as
 * API_PROJECTIONS in the environment says (local unset, or shared).
 *
 * SCALE_BENCH_API_CPU=<fraction of a core> runs each api process on that CPU budget (its own CPU
 * cgroup, cpu-budget.ts); `none`, each may use a whole core; unset, 0.5 below 4 cores, else none. The projector has none. A machine of 2 cores cannot give each of
 * 2 api processes a core and also run the bench's client (the bots and their HTTP calls); it can
 * give each process the same half core, so the scaling is measured across equal budgets.
 */
import { cpus, tmpdir } from 'node:os';
import type { ApiCpuBudget } from './api-processes';
import { runApiScale, type ApiScaleRun } from './api-scale-run';
import { CPU_BUDGET_PERIOD_MS, cpuBudgetHierarchy, createCpuBudget } from './cpu-budget';
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
// 32 as a qualifier keys hundreds: with 8, split 4 and 4, each of 2 processes had at most 4
// commands in flight and spent about half its time waiting for the bench's bots (48 % idle in a
// profile), so the figure measured the closed loop, not the processes.
const TABLES = positive('SCALE_BENCH_API_TABLES', '32');
const WORK_DIR = process.env.SCALE_BENCH_API_DIR ?? process.env.TMPDIR ?? tmpdir();
const TARGET_RATIO = 1.7;
const CPU_SETTING = 'SCALE_BENCH_API_CPU';
const PROJECTOR_SETTING = 'SCALE_BENCH_API_PROJECTOR';

/** SCALE_BENCH_API_PROJECTOR: on (default) or off. */
function withProjector(): boolean {
  const raw = process.env[PROJECTOR_SETTING] ?? 'on';
  if (raw !== 'on' && raw !== 'off') throw new Error(`${PROJECTOR_SETTING} must be on or off, got ${raw}`);
  return raw === 'on';
}

/**
 * SCALE_BENCH_API_CPU: a fraction of a core (an api process's event loop runs on one core), or
 * `none`. Unset: half a core on a machine of fewer than 4 cores (2 api processes, the projector and
 * the bench's client cannot each have one there), none on a larger one.
 */
function cpuBudget(): ApiCpuBudget | undefined {
  const raw = process.env[CPU_SETTING] ?? (cpus().length < 4 ? '0.5' : 'none');
  if (raw === 'none' || raw === '') return undefined;
  const cores = Number(raw);
  if (!Number.isFinite(cores) || cores <= 0 || cores > 1)
    throw new Error(`${CPU_SETTING} must be a fraction of a core (above 0, at most 1) or none, got ${raw}`);
  // One made and removed at once: a machine that cannot give budgets stops the bench before any boot.
  createCpuBudget('check', cores, CPU_SETTING).remove();
  return { cores, setting: CPU_SETTING };
}

interface Totals {
  commands: number;
  seconds: number;
}

const perCommand = (value: number, commands: number): string =>
  commands === 0 ? '–' : fmt(value / commands, 2);

function row(run: ApiScaleRun, round: number, budgeted: boolean, projector: boolean): string[] {
  const each = (f: (p: ApiScaleRun['perProcess'][number]) => string): string =>
    run.perProcess.map(f).join(' / ');
  const throttling = budgeted
    ? [
        each((p) =>
          p.throttling === undefined || p.throttling.periods === 0
            ? '–'
            : fmt((100 * p.throttling.throttled) / p.throttling.periods, 0),
        ),
        each((p) => (p.throttling === undefined ? '–' : fmt(p.throttling.throttledMs / run.seconds, 0))),
      ]
    : [];
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
    ...throttling,
    each((p) => (p.appends === 0 ? '–' : fmt((100 * p.lockWaits) / p.appends, 1))),
    each((p) => perCommand(p.lockWaitMs, p.appends)),
    each((p) => perCommand(p.transactionMs, p.appends)),
    each((p) => perCommand(p.commitMs, p.appends)),
    each((p) => fmt(p.applied, 0)),
    ...(projector ? [run.projector === undefined ? '–' : perCommand(run.projector.cpuMs, run.commands)] : []),
    perCommand(run.clientCpuMs, run.commands),
  ];
}

export async function apiScaleSection(loadAverage: () => string): Promise<string> {
  const seconds = BUDGET_SECONDS / (2 * ROUNDS);
  const cores = cpus().length;
  const budget = cpuBudget();
  const projector = withProjector();
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
        projector,
        ...(budget === undefined ? {} : { budget }),
      });
      process.stderr.write(
        `scale: ${String(processes)} api: ${fmt(run.commands / run.seconds, 0)} commands/s ${JSON.stringify(run.perProcess)}${run.projector === undefined ? '' : ` projector ${JSON.stringify(run.projector)}`}\n`,
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
  const budgetProse =
    budget === undefined
      ? ''
      : ` **Each api process on a CPU budget of ${fmt(budget.cores, 2)} of a core** (\`${CPU_SETTING}\`): its own CPU cgroup (${cpuBudgetHierarchy() ?? '?'}), a quota of ${fmt(budget.cores * CPU_BUDGET_PERIOD_MS, 1)} ms in every ${fmt(CPU_BUDGET_PERIOD_MS, 0)} ms period, from its spawn. This machine's ${String(cores)} cores cannot give each of 2 api processes a core and also run this bench's client (the bots and their HTTP calls, the last column), so the scaling is measured across equal budgets it can give: 1 process on ${fmt(budget.cores, 2)} core, then 2 on ${fmt(budget.cores, 2)} each. The period is short because the processes share the log's one write lock: one throttled while it holds the lock stalls the other's appends until its next period, at most ${fmt((1 - budget.cores) * CPU_BUDGET_PERIOD_MS, 1)} ms. The throttling columns read each cgroup's \`cpu.stat\` over the window: the share of the periods in which the process used up its quota and was held off the CPU until the next, and how long it was held off per second (that wait is also in the "waiting for a core" column).`;
  const projectorProse = projector
    ? `, beside one \`TABLECAST_ROLE=projector\` process (\`${PROJECTOR_SETTING}=on\`, the deployed topology) that projects the read models into \`TABLECAST_LOG_DIR/projections.sqlite\`, which the api processes only read (\`API_PROJECTIONS=projector\`: they apply no event, the "events applied" column), its event loop on the core after the api processes' (the last core when there is none) with no budget; its CPU per command served by all the api processes is its own column`
    : `, with no projector process (\`${PROJECTOR_SETTING}=off\`; \`API_PROJECTIONS=${process.env.API_PROJECTIONS ?? 'local'}\`)`;
  return [
    `api processes: \`TABLECAST_ROLE=api\` processes (\`node apps/server/dist/main.js\`) on one shared SQLite log (\`TABLECAST_LOG_DIR\`, each with its own data dir), each one's event loop on its own core${projectorProse}${budget === undefined ? ';' : `.${budgetProse}`} ${fmt(TABLES, 0)} Guandan bot matches keyed closed-loop by this bench process over kept-alive HTTP, each match's every call to one process (as a router by match sends them; tables split evenly), the bots following each match from the command answers. ${String(ROUNDS)} rounds of 1 then 2 processes, each booted on a fresh log, warmed up ${fmt(WARMUP_SECONDS, 0)} s, then measured ${fmt(seconds, 1)} s. Commands/s counts the commands answered 200 in the window. The per-process columns read each process's /proc (CPU, its event loop's wait for a core) and its /metrics (\`tablecast_event_log_append_*\`: BEGIN IMMEDIATE waiting for the log's write lock, the work inside the transaction, the COMMIT). Load average at the end: ${loadAverage()}.`,
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
        ...(budget === undefined
          ? []
          : ['CPU budget periods throttled %, per process', 'throttled ms per s of the window, per process']),
        'appends that waited for the write lock %',
        'lock wait ms per append',
        'in-transaction ms per append',
        'commit ms per append',
        'events applied to read models, per process',
        ...(projector ? ['projector CPU ms per command (no budget)'] : []),
        'bench client CPU ms per command',
      ],
      runs.map(({ round, run }) => row(run, round, budget !== undefined, projector)),
    ),
    '',
    markdownTable(
      [
        'CPU per api process',
        '1 process commands/s',
        '2 processes commands/s',
        '2 ÷ 1',
        `≥ ${fmt(TARGET_RATIO, 1)}`,
      ],
      [
        [
          budget === undefined ? 'a core (no budget)' : `${fmt(budget.cores, 2)} of a core (budget)`,
          fmt(rate(1), 0),
          fmt(rate(2), 0),
          fmt(ratio, 2),
          ratio >= TARGET_RATIO ? 'yes' : 'no',
        ],
      ],
    ),
  ].join('\n');
}
