import { expect } from 'vitest';
import { producerRequest } from '../../testing/staff-request';
import type { TestServer } from '../../testing/test-server';

/**
 * `POST /api/obs/setup` with `body`, as a producer does it before the show: asked again while the
 * server answers 503 (OBS down or silent: a real OBS starved of CPU may miss a request's timeout,
 * or its liveness probe, and the bridge reconnects), until it answers anything else, which must be
 * 200. The set-up is idempotent (the same scenes and collection however often it runs), so asking
 * again changes nothing but the outcome of the wait; any answer other than 503 is final.
 * Returns the set-up's report.
 */
export async function setUpOnObs(server: TestServer, body: Record<string, unknown>): Promise<unknown> {
  let status = 0;
  let text = '';
  await expect
    .poll(
      async () => {
        const response = await producerRequest(server, 'POST', '/api/obs/setup', { body });
        status = response.status;
        text = await response.text();
        return status;
      },
      { timeout: 90_000, interval: 1000 },
    )
    .not.toBe(503);
  expect(status, text).toBe(200);
  return JSON.parse(text) as unknown;
}

/** `setUpOnObs` for one table, its sources pointing at a page nobody serves. */
export async function setUpTableOnObs(server: TestServer, table: string): Promise<void> {
  await setUpOnObs(server, { table, baseUrl: 'http://127.0.0.1:1' });
}
