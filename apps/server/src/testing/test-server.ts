import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type AppOptions, type RunningServer } from '../bootstrap';
import { loadConfig } from '../config';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  stop(): Promise<void>;
}

/**
 * Boots the real Nest app on a free loopback port with a fresh temp data directory, through the
 * same config parser production uses. `env` overrides individual variables; `options` can give
 * the app its clock.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-test-'));
  try {
    return owningDataDir(await startServerOn(dataDir, env, options), dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A restart: boots a new server on the data directory of `stopped`, whose app the caller has
 * closed. The new server owns the directory now: its stop() removes it.
 */
export async function restartTestServer(
  stopped: TestServer,
  env: Record<string, string> = {},
): Promise<TestServer> {
  return owningDataDir(await startServerOn(stopped.dataDir, env), stopped.dataDir);
}

function owningDataDir(running: RunningServer, dataDir: string): TestServer {
  return {
    ...running,
    dataDir,
    async stop() {
      await running.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Boots the real Nest app on a free loopback port with the data directory the test owns (a
 * restart test boots a second server on the same one). The caller removes the directory.
 */
export function startServerOn(
  dataDir: string,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<RunningServer> {
  return startServer(
    loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      TABLECAST_DATA_DIR: dataDir,
      ...feedsThreadOf(env),
      ...env,
    }),
    options,
  );
}

/**
 * FEEDS_THREAD from the test runner's environment for every all-role test server, so the feed
 * specs run as they are with the producer in its thread (`FEEDS_THREAD=worker npx vitest run ...`).
 */
function feedsThreadOf(env: Record<string, string>): Record<string, string> {
  // The test runner's switch, not the server's configuration (that is `env`, through loadConfig).
  // eslint-disable-next-line no-restricted-properties
  const thread = process.env.FEEDS_THREAD;
  if (thread === undefined || (env.TABLECAST_ROLE ?? 'all') !== 'all') return {};
  return { FEEDS_THREAD: thread };
}
