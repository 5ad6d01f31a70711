import { describe } from 'vitest';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { createEventStore } from '../event-store';
import { KurrentDbEventLog } from './kurrentdb-event-log';
import { storeTestCatalog } from '../contract/store-catalog';

// A spec may read the environment (the config-module rule covers production code only).
const url = process.env.EVENTSTORE_URL ?? '';

describe.skipIf(url === '')('KurrentDB contract (skipped: set EVENTSTORE_URL to run)', () => {
  describeEventStoreContract(`KurrentDB event store contract at ${url}`, () => {
    const open = () => createEventStore({ log: new KurrentDbEventLog(url), catalog: storeTestCatalog });
    const store = open();
    return Promise.resolve({
      store,
      connectAgain: () => Promise.resolve(open()),
      teardown: () => store.close(),
    });
  });
});
