import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
