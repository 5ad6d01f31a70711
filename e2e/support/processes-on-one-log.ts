import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process';

/** Neither exited nor ended by a signal: a paused process (SIGSTOP) is still live. */
export const isLive = (server: ServerProcess): boolean =>
  server.child.exitCode === null && server.child.signalCode === null;

export interface ProcessesOnOneLog {
  /** The SQLite log's folder (TABLECAST_LOG_DIR), shared by every process started here. */
  readonly logDir: string;
  /** An empty folder for a rebuild of that log to compare the processes' files with. */
  readonly rebuiltDir: string;
  /** Every process started here, in order. */
  readonly servers: readonly ServerProcess[];
  /** Starts one more server process on the log with the shared settings and `env`'s own. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** For afterAll: stops every process, a paused one continued first, and removes both folders. */
  stopAll(): Promise<void>;
}

/**
 * Server processes sharing one SQLite log, as the roles that contend for a lease run in production
 * (TC-SCALE-1). `name` names the temporary folders; `shared` is every process's environment.
 */
export function processesOnOneLog(name: string, shared: Record<string, string>): ProcessesOnOneLog {
  const logDir = mkdtempSync(join(tmpdir(), `tablecast-${name}-log-`));
  const rebuiltDir = mkdtempSync(join(tmpdir(), `tablecast-${name}-rebuilt-`));
  const servers: ServerProcess[] = [];
  return {
    logDir,
    rebuiltDir,
    servers,
    async start(env = {}) {
      const server = await startServerProcess({ ...shared, TABLECAST_LOG_DIR: logDir, ...env });
      servers.push(server);
      return server;
    },
    async stopAll() {
      for (const server of servers) {
        // A process still paused (a failed step) takes its SIGTERM only once continued.
        if (isLive(server)) server.child.kill('SIGCONT');
        await server.stop();
      }
      for (const dir of [logDir, rebuiltDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
}
