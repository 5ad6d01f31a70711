import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { acquireObsLock } from './obs-lock';

const run = promisify(execFile);

/**
 * The repository's script that starts Debian's OBS 29 headless (scripts/start-obs.sh). The same
 * five levels up reach the repository root from src/obs/testing and from dist/obs/testing.
 * There is no skip: scripts/ensure-test-deps.sh installs OBS before the suite, so an OBS that
 * cannot start fails its tests.
 */
export const START_OBS_SCRIPT = resolve(__dirname, '..', '..', '..', '..', 'scripts', 'start-obs.sh');

export interface RealObs {
  readonly url: string;
  readonly port: number;
  readonly password: string;
  /** SIGKILL OBS and its X server, as a crash mid-show would. */
  kill(): Promise<void>;
  /** SIGSTOP OBS: its socket stays open but nothing answers, as with a hung OBS. */
  freeze(): Promise<void>;
  /** Start it again on the same port and profile (after kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolvePort(port);
      });
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killAndWait(pids: readonly number[], signal: NodeJS.Signals): Promise<void> {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, signal);
  for (let i = 0; i < 100 && pids.some(isAlive); i += 1) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Starts a real OBS with scripts/start-obs.sh on a free port, its own X display and a temp profile,
 * one at a time per machine (see obs-lock.ts).
 * obs-studio and Xvfb come from scripts/ensure-test-deps.sh (the suite's pretest step); when they
 * are missing, the script says so and this throws.
 */
export async function startRealObs(password = 'tablecast-obs-test'): Promise<RealObs> {
  const release = await acquireObsLock(300_000);
  const port = await freePort();
  const display = `:${200 + (port % 700)}`;
  const home = mkdtempSync(join(tmpdir(), 'tablecast-obs-'));
  let pids: number[] = [];

  const launchOnce = async (): Promise<void> => {
    // env(1) adds the script's settings to the inherited environment (PATH for obs and Xvfb).
    const settings = [
      `OBS_PORT=${port}`,
      `OBS_PASSWORD=${password}`,
      `OBS_DISPLAY=${display}`,
      `OBS_HOME=${home}`,
    ];
    const { stdout } = await run('env', [...settings, 'bash', START_OBS_SCRIPT], { timeout: 180_000 }).catch(
      (error: unknown) => {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        throw new Error(`${START_OBS_SCRIPT} could not start OBS: ${stderr.trim() || String(error)}`);
      },
    );
    const obsPid = /OBS_PID=(\d+)/.exec(stdout)?.[1];
    const xvfbPid = /XVFB_PID=(\d+)/.exec(stdout)?.[1];
    if (obsPid === undefined || xvfbPid === undefined)
      throw new Error(`start-obs.sh printed no pids: ${stdout}`);
    pids = [Number(obsPid), Number(xvfbPid)];
  };
  // OBS 29 sometimes aborts while starting on a loaded machine (seen on a restart beside two CPU
  // burners). start-obs.sh stops its own OBS and Xvfb when it fails, so the launch is tried again,
  // up to three times; the last failure is the one thrown.
  const launch = async (): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await launchOnce();
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  };

  try {
    await launch();
  } catch (error) {
    // start-obs.sh has stopped its own OBS and Xvfb when it fails.
    rmSync(home, { recursive: true, force: true });
    release();
    throw error;
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    password,
    kill: () => killAndWait(pids, 'SIGKILL'),
    async freeze() {
      const [obsPid] = pids;
      if (obsPid === undefined) return;
      process.kill(obsPid, 'SIGSTOP');
      // A signal is delivered asynchronously; until every thread has stopped, OBS may still answer.
      const state = (): string =>
        readFileSync(`/proc/${obsPid}/stat`, 'utf8').split(') ')[1]?.charAt(0) ?? '';
      for (let i = 0; i < 100 && state() !== 'T'; i += 1) await new Promise((r) => setTimeout(r, 20));
      if (state() !== 'T') throw new Error(`OBS (pid ${obsPid}) did not stop on SIGSTOP`);
    },
    restart: launch,
    async stop() {
      await killAndWait(pids, 'SIGTERM');
      await killAndWait(pids, 'SIGKILL');
      rmSync(home, { recursive: true, force: true });
      release();
    },
  };
}
