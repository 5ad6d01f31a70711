import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServerProcess, type ServerProcess } from './server-process';

export interface ServerAndBrowser {
  /** The built server's base URL (throws when it did not start). */
  readonly url: () => string;
  readonly server: () => ServerProcess;
  /** Headless Chromium (throws when it did not launch). */
  readonly browser: () => Browser;
}

/**
 * The set-up of a browser test: the built server in its own process with `env` (a function when
 * it depends on an earlier hook, e.g. a started OBS) and headless Chromium, both stopped after the
 * block. Call it in the describe; hooks the spec registers after it run once both are up.
 */
export function useServerAndBrowser(
  env: Record<string, string> | (() => Record<string, string>) = {},
): ServerAndBrowser {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServerProcess(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const running = (): ServerProcess => {
    if (!server) throw new Error('server not started');
    return server;
  };
  return {
    url: () => running().url,
    server: running,
    browser: () => {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
  };
}
