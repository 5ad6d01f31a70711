import type { ServerProcess } from './server-process';

/** The events the process applied to its read models, from its /metrics. */
export async function eventsApplied(server: ServerProcess): Promise<number> {
  const body = await (await fetch(`${server.url}/metrics`)).text();
  const found = /^tablecast_projection_events_applied_total (\d+)$/m.exec(body)?.[1];
  if (found === undefined) throw new Error('tablecast_projection_events_applied_total missing from /metrics');
  return Number(found);
}
