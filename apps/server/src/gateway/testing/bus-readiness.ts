import type { TestServer } from '../../testing/test-server';
import { FEED_BUS_CHECK } from '../gateway-role.module';

export interface ReadinessCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail?: string;
}

/** A gateway's /readyz: its status and its feed-bus check. */
export async function busReadiness(server: TestServer): Promise<{ status: number; check?: ReadinessCheck }> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { checks: ReadinessCheck[] };
  return { status: response.status, check: body.checks.find((c) => c.name === FEED_BUS_CHECK) };
}
