import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { createEventStore } from '../event-store';
import { SqliteEventLog } from './sqlite-event-log';
import { storeTestCatalog } from '../contract/store-catalog';

// The same contract with appends committed in groups, as the server opens the log.
describeEventStoreContract('SQLite event store contract, group commit', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-group-contract-'));
  const open = () =>
    createEventStore({ log: new SqliteEventLog({ dataDir, groupCommit: true }), catalog: storeTestCatalog });
  const store = open();
  return Promise.resolve({
    store,
    connectAgain: () => Promise.resolve(open()),
    teardown: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
});
