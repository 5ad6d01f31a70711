import type { ServerProcess } from './server-process';

/** The lease checks a process's /readyz reports: the feeds role's, the control role's and the api role's projector's. */
export type LeaseCheck = 'feed-lease' | 'control-lease' | 'projections-lease';

/** The detail of a lease check on the process's /readyz: `holding …`, `standby: held by …`, `lost: …`. */
export async function leaseDetail(server: ServerProcess, check: LeaseCheck): Promise<string> {
  const body = (await (await fetch(`${server.url}/readyz`)).json()) as {
    checks: { name: string; detail?: string }[];
  };
  return body.checks.find((entry) => entry.name === check)?.detail ?? '';
}

/** Whether the process holds the lease now (TC-SCALE-1). */
export const holdsLease = async (server: ServerProcess, check: LeaseCheck): Promise<boolean> =>
  (await leaseDetail(server, check)).startsWith('holding');

/** Whether the process stands by while another holds the lease. */
export const standsBy = async (server: ServerProcess, check: LeaseCheck): Promise<boolean> =>
  (await leaseDetail(server, check)).startsWith('standby: held by');

/** The partitions a feeds process with FEEDS_PARTITIONS above 1 holds, read from its `feed-lease` check. */
export async function partitionsHeld(server: ServerProcess): Promise<number[]> {
  const detail = await leaseDetail(server, 'feed-lease');
  return [...detail.matchAll(/feed-lease\/(\d+) token/g)].map((match) => Number(match[1]));
}
