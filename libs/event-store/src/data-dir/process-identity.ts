import { readFileSync } from 'node:fs';

/**
 * A process as the data-dir lock names it: its pid, plus what a reused pid does not share. On
 * Linux that is the boot id and the process's start time in clock ticks since boot
 * (/proc/<pid>/stat, field 22): in a container Node is pid 1 after every restart, so a pid alone
 * cannot tell the server that crashed from the one booting now. Elsewhere only the pid is known.
 */
export interface ProcessIdentity {
  readonly pid: number;
  readonly bootId: string | null;
  readonly startTicks: string | null;
}

export function ownIdentity(): ProcessIdentity {
  return { pid: process.pid, bootId: bootId(), startTicks: startTicksOf(process.pid) };
}

/** The lock file's line: `pid`, or `pid bootId startTicks` where the system tells them. */
export function formatIdentity(identity: ProcessIdentity): string {
  const { pid, bootId: boot, startTicks } = identity;
  return boot === null || startTicks === null ? String(pid) : `${String(pid)} ${boot} ${startTicks}`;
}

/** A lock file's line read back; null when it is not one (empty, garbled: a crash mid-write). */
export function parseIdentity(text: string): ProcessIdentity | null {
  const parts = text.trim().split(/\s+/);
  const pid = Number(parts[0]);
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  if (parts.length === 1) return { pid, bootId: null, startTicks: null };
  if (parts.length !== 3 || !/^\d+$/.test(parts[2] ?? '')) return null;
  return { pid, bootId: parts[1] ?? null, startTicks: parts[2] ?? null };
}

/**
 * Whether the process a lock names is running now. With a boot id and a start time, the pid must
 * be alive under the same boot with the same start time; a pid-only line (another system, or a lock
 * written before identities had more than a pid) is alive when the pid is, except our own pid,
 * which this process never writes without its start time where it has one.
 */
export function isRunning(holder: ProcessIdentity, self: ProcessIdentity = ownIdentity()): boolean {
  if (holder.bootId !== null && holder.startTicks !== null) {
    if (self.bootId !== null && holder.bootId !== self.bootId) return false;
    const start = startTicksOf(holder.pid);
    if (start !== null) return start === holder.startTicks;
  } else if (holder.pid === self.pid && self.startTicks !== null) {
    return false;
  }
  return pidAlive(holder.pid);
}

function bootId(): string | null {
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return /^[0-9a-f-]+$/i.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces and parens). */
function startTicksOf(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields[19];
  return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : null;
}

/** Signal 0 checks for the process without touching it; EPERM: alive, under another user. */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
