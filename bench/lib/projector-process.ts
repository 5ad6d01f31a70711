/**
 * The scale bench's `TABLECAST_ROLE=projector` process: beside the api processes on their shared
 * SQLite log, it projects the read models they read (API_PROJECTIONS=projector), with no CPU budget
 * (the budget is the api processes'), on a core of its own where the machine has one to spare.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MAIN_JS, metricValue, ready, type ApiProcess } from './api-processes';
import { freePort, pinMainThread } from './match-server';
import { processCpuMs, stopProcess } from './process';

export interface ProjectorCounters {
  readonly cpuMs: number;
  /** Events it applied to the shared read models. */
  readonly applied: number;
}

/** Starts the projector on the log in `dir`/log (made if missing) and waits until it holds the lease. */
export async function startProjectorProcess(dir: string, core: number): Promise<ApiProcess> {
  const logDir = join(dir, 'log');
  const dataDir = join(dir, 'data-projector');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      TABLECAST_ROLE: 'projector',
      TABLECAST_LOG_DIR: logDir,
      TABLECAST_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 2, 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the projector process did not start');
  const url = `http://127.0.0.1:${String(port)}`;
  try {
    // Ready once it holds the projections lease (a standby would be ready too, but there is none).
    await ready(url, child, 180_000);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  pinMainThread(pid, core);
  return { url, pid, child };
}

export async function projectorCountersOf(projector: ApiProcess): Promise<ProjectorCounters> {
  const text = await (await fetch(`${projector.url}/metrics`)).text();
  return {
    cpuMs: processCpuMs(projector.pid),
    applied: metricValue(text, 'tablecast_projection_events_applied_total'),
  };
}
