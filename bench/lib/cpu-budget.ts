/**
 * A CPU budget for one process of a bench: its own CPU cgroup with a quota of a fraction of a core
 * (cgroup v1 `cpu.cfs_quota_us` under /sys/fs/cgroup/cpu, or cgroup v2 `cpu.max`), and how often
 * the kernel throttled it. The scale bench gives each api process the same budget so that 1 and 2
 * processes can be compared on a machine whose cores cannot each be given to one process.
 * Needs root (or a delegated cgroup); a budget is removed when its process is gone, and every
 * budget still there when the bench exits is removed then.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The quota's period. Short on purpose: the api processes share one SQLite log, and a process
 * throttled while it holds the log's write lock keeps every other process from appending until its
 * next period starts; with 10 ms periods that stall is at most a few ms (the unused part of one
 * period), where the kernel's default 100 ms would stall the others for up to 50 ms at half a core.
 */
const PERIOD_US = 10_000;
export const CPU_BUDGET_PERIOD_MS = PERIOD_US / 1000;
/** The kernel refuses a quota under 1 ms. */
const MIN_QUOTA_US = 1_000;

const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOTS = ['/sys/fs/cgroup/unified', '/sys/fs/cgroup'];

/** Throttling of a budget's cgroup so far (cumulative, as `cpu.stat` counts it). */
export interface Throttling {
  /** Quota periods in which the group ran. */
  readonly periods: number;
  /** Periods in which it used its whole quota and was held off the CPU until the next. */
  readonly throttled: number;
  /** How long it was held off, summed (ms). */
  readonly throttledMs: number;
}

export interface CpuBudget {
  /** The fraction of one core the group may use per period. */
  readonly cores: number;
  readonly kind: 'cgroup v1' | 'cgroup v2';
  readonly dir: string;
  /** Moves a process (all its threads; threads it starts later follow) into the budget. */
  add(pid: number): void;
  throttling(): Throttling;
  /** Moves any process still in the group back to the root group and removes the group. */
  remove(): void;
}

interface Hierarchy {
  readonly kind: CpuBudget['kind'];
  readonly root: string;
}

/** The writable CPU hierarchy: v1's cpu controller, else a v2 root that offers the cpu controller. */
function hierarchy(): Hierarchy | undefined {
  if (existsSync(join(V1_ROOT, 'cpu.cfs_quota_us'))) return { kind: 'cgroup v1', root: V1_ROOT };
  for (const root of V2_ROOTS) {
    const controllers = join(root, 'cgroup.controllers');
    if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
      return { kind: 'cgroup v2', root };
  }
  return undefined;
}

/** Where budgets are made, for a report: e.g. `cgroup v1 at /sys/fs/cgroup/cpu`; undefined when nowhere. */
export function cpuBudgetHierarchy(): string | undefined {
  const found = hierarchy();
  return found === undefined ? undefined : `${found.kind} at ${found.root}`;
}

const statField = (stat: string, name: string): number =>
  Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(stat)?.[1] ?? NaN);

const live = new Set<CpuBudget>();
let exitHook = false;

/**
 * Makes a budget of `cores` of a core named `name` (unique per bench process). `setting` is the
 * variable that asked for it: a machine that cannot give a budget stops the bench naming it.
 */
export function createCpuBudget(name: string, cores: number, setting: string): CpuBudget {
  const quotaUs = Math.round(cores * PERIOD_US);
  if (!Number.isFinite(cores) || quotaUs < MIN_QUOTA_US)
    throw new Error(
      `${setting} must be at least ${String(MIN_QUOTA_US / PERIOD_US)} (of a core, in ${String(PERIOD_US / 1000)} ms periods), got ${String(cores)}`,
    );
  const found = hierarchy();
  if (found === undefined)
    throw new Error(
      `${setting} needs a CPU cgroup: neither ${V1_ROOT} (cgroup v1) nor a cgroup v2 root with the cpu controller (${V2_ROOTS.join(', ')}) is there`,
    );
  const dir = join(found.root, `tablecast-bench-${String(process.pid)}-${name}`);
  try {
    if (
      found.kind === 'cgroup v2' &&
      !readFileSync(join(found.root, 'cgroup.subtree_control'), 'utf8').includes('cpu')
    )
      writeFileSync(join(found.root, 'cgroup.subtree_control'), '+cpu');
    mkdirSync(dir);
  } catch (error) {
    throw new Error(
      `${setting} needs a writable CPU cgroup (${found.kind} at ${found.root}; run as root): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const budget = makeBudget(found, dir, quotaUs);
  live.add(budget);
  try {
    if (found.kind === 'cgroup v1') {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    } else {
      writeFileSync(join(dir, 'cpu.max'), `${String(quotaUs)} ${String(PERIOD_US)}`);
    }
  } catch (error) {
    budget.remove();
    throw new Error(
      `${setting}: could not set the quota of ${dir}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!exitHook) {
    exitHook = true;
    // A bench that fails exits through process.exit: its budgets must not outlive it.
    process.once('exit', () => {
      for (const left of [...live]) left.remove();
    });
  }
  return budget;
}

function makeBudget(found: Hierarchy, dir: string, quotaUs: number): CpuBudget {
  const procs = join(dir, 'cgroup.procs');
  return {
    cores: quotaUs / PERIOD_US,
    kind: found.kind,
    dir,
    add(pid) {
      writeFileSync(procs, String(pid));
    },
    throttling() {
      const stat = readFileSync(join(dir, 'cpu.stat'), 'utf8');
      return {
        periods: statField(stat, 'nr_periods'),
        throttled: statField(stat, 'nr_throttled'),
        throttledMs:
          found.kind === 'cgroup v1'
            ? statField(stat, 'throttled_time') / 1e6
            : statField(stat, 'throttled_usec') / 1e3,
      };
    },
    remove() {
      if (!existsSync(dir)) {
        live.delete(this);
        return;
      }
      for (const pid of readFileSync(procs, 'utf8')
        .split('\n')
        .filter((line) => line !== '')) {
        try {
          writeFileSync(join(found.root, 'cgroup.procs'), pid);
        } catch {
          // it exited meanwhile
        }
      }
      // A process that has just exited can hold the group for a moment after it is reaped.
      for (let attempt = 0; ; attempt += 1) {
        try {
          rmdirSync(dir);
          break;
        } catch (error) {
          if (attempt >= 50) {
            process.stderr.write(`could not remove the CPU cgroup ${dir}: ${String(error)}\n`);
            break;
          }
          // A synchronous wait: remove() also runs in the exit hook, where nothing asynchronous runs.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        }
      }
      live.delete(this);
    },
  };
}
