// One feeds process holding one partition's lease, for feed-partitions.int.spec.ts: it follows
// and publishes only that partition's matches, over its own connections to the shared log and
// ledger (two in one process would wait on each other's write lock). Its bus is its stdout: one
// `sent <matchId> <audience> <seq>` line per frame. It says `started` once caught up, `fenced
// <message>` if a ledger write was refused, and stops on `stop` (or the end of its stdin),
// releasing its lease.
import type { FeedBus } from '@tablecast/bus';
import { openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { DisclosureStore } from '../../broadcast/disclosure-store';
import { feedsRoleProducer } from '../../broadcast/feeds-role-producer';
import { loadConfig } from '../../config';
import { partitionLeaseName, partitionOf } from '../feed-partitions';

const say = (line: string): void => {
  writeSync(1, `${line}\n`);
};

const [logDir = '', partitionArg = '0', partitionsArg = '2', ttlArg = '60000'] = process.argv.slice(2);
const partition = Number(partitionArg);
const partitions = Number(partitionsArg);

const stdoutBus: FeedBus = {
  publish: (message) => {
    say(`sent ${message.matchId} ${message.audience} ${String(message.seq)}`);
    return Promise.resolve();
  },
  subscribe: () => Promise.reject(new Error('a feeds process only publishes')),
  readLatest: () => Promise.resolve(0),
  close: () => Promise.resolve(),
};

async function main(): Promise<void> {
  const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
  const disclosures = new DisclosureStore(logDir);
  const leases = disclosures.leaseStore();
  const claim = await leases.acquire(
    partitionLeaseName(partition, partitions),
    `feeds-${String(process.pid)}`,
    Number(ttlArg),
  );
  if (!claim.acquired) {
    say(`refused ${claim.holder}`);
    return;
  }
  const producer = feedsRoleProducer(
    loadConfig({ TABLECAST_DATA_DIR: logDir }),
    store,
    stdoutBus,
    disclosures,
  );
  producer.fenceWith(() => {
    leases.assertHeld(claim.lease);
  });
  producer.onFenced((error) => {
    say(`fenced ${error.message}`);
  });
  producer.followOnly((matchId) => partitionOf(matchId, partitions) === partition);
  await producer.start();
  say(`started token ${String(claim.lease.token)}`);
  for await (const line of createInterface({ input: process.stdin })) if (line === 'stop') break;
  await producer.onApplicationShutdown();
  // A clean stop hands the partition over at once, as the feeds role's keeper does.
  await leases.release(claim.lease);
  await store.close();
  disclosures.close();
  say('stopped');
}

main().catch((error: unknown) => {
  say(`failed ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
