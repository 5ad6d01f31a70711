// A separate process holding a lease on a SQLite data dir, for the cross-process lease test.
// Run with tsx (see spawnTsChild). Claims the lease at start and prints `claim <json>`; then, per
// line on stdin, `write` tries a fenced write and prints `written` or `fenced <reason>`.
import { createInterface } from 'node:readline';
import { LeaseFencedError } from '../lease/lease';
import { SqliteLeaseStore } from '../lease/sqlite-lease-store';

const [dataDir = '', name = '', owner = '', ttlMs = ''] = process.argv.slice(2);
const leases = new SqliteLeaseStore({ dataDir });

async function main(): Promise<void> {
  const claim = await leases.acquire(name, owner, Number(ttlMs));
  process.stdout.write(`claim ${JSON.stringify(claim)}\n`);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'write' || !claim.acquired) continue;
    try {
      process.stdout.write(`${await leases.fenced(claim.lease, () => 'written')}\n`);
    } catch (error) {
      if (!(error instanceof LeaseFencedError)) throw error;
      process.stdout.write(`fenced ${error.reason}\n`);
    }
  }
  await leases.close();
}

void main();
