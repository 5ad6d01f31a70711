import { afterAll, beforeAll } from 'vitest';
import { TEST_TOKENS_SPEC } from '../../testing/staff-tokens';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { ObsBridgeService } from '../obs-bridge.service';
import type { ObsConnection } from '@tablecast/obs';
import { startRealObs, type RealObs } from '@tablecast/obs/testing';

export interface ServerWithRealObs {
  /** The server under test (throws when the set-up failed). */
  readonly server: () => TestServer;
  /** The server's own connection to OBS `main`, to read back what OBS really shows. */
  readonly main: () => ObsConnection;
}

/**
 * The set-up of a describe block that runs against a real OBS 29: starts OBS with `password`, then
 * a test server with the staff tokens and that OBS as `main` (plus `otherInstances`, e.g. a backup
 * nobody listens on, and `env`), waits until the server's bridge is connected to it and runs
 * `prepare`. Both are stopped after the block. Call it inside the describe block.
 */
export function useServerWithRealObs(options: {
  readonly password: string;
  readonly otherInstances?: string;
  readonly env?: Record<string, string>;
  readonly prepare?: (main: ObsConnection) => Promise<void>;
}): ServerWithRealObs {
  let obs: RealObs | undefined;
  let server: TestServer | undefined;
  const running = (): TestServer => {
    if (!server) throw new Error('server did not start');
    return server;
  };
  const main = (): ObsConnection => running().app.get(ObsBridgeService).instance('main');

  beforeAll(async () => {
    obs = await startRealObs(options.password);
    const others = options.otherInstances === undefined ? '' : `,${options.otherInstances}`;
    server = await startTestServer({
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      OBS_INSTANCES: `main=${obs.url}${others}`,
      OBS_PASSWORD_MAIN: obs.password,
      ...options.env,
    });
    for (let waited = 0; main().state !== 'connected'; waited += 100) {
      if (waited > 30_000) throw new Error(`OBS main is ${main().state} after 30 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await options.prepare?.(main());
  }, 400_000);
  afterAll(async () => {
    await server?.stop();
    await obs?.stop();
  });

  return { server: running, main };
}
