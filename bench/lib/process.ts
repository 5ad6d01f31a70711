import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** SIGTERM a child (a server under test) and wait until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux clock ticks, 100 Hz). */
export function processCpuMs(pid: number): number {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time (ms, nanosecond resolution) a process's live threads have used so far: the sum of
 * `/proc/<pid>/task/<tid>/schedstat`. Finer than `processCpuMs` (10 ms ticks, ±4 % on a chunk of a
 * few hundred ms), for A/B chunks; a thread that has exited is not counted.
 */
export function threadsCpuMs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${String(pid)}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${String(pid)}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread exited between the listing and the read
    }
  }
  return ns / 1e6;
}

/**
 * Write system calls a process has made so far, and the bytes they wrote (`/proc/<pid>/io`: files,
 * sockets and pipes alike). Counts, not times: per command they hold on a loaded machine, where
 * the CPU per command swells with the neighbours (each SQLite commit and each frame sent is one).
 */
export function processWrites(pid: number): { calls: number; bytes: number } {
  const io = readFileSync(`/proc/${String(pid)}/io`, 'utf8');
  const field = (name: string): number => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return { calls: field('syscw'), bytes: field('wchar') };
}
