import { describe } from 'vitest';
import { uniqueId } from '../contract/fixtures';
import { describeLeaseStoreContract } from '../lease/lease-store.contract';
import { KurrentDbLeaseStore } from './kurrentdb-lease-store';

// A spec may read the environment (the config-module rule covers production code only).
const url = process.env.EVENTSTORE_URL ?? '';

describe.skipIf(url === '')('KurrentDB lease store contract (skipped: set EVENTSTORE_URL to run)', () => {
  describeLeaseStoreContract(`KurrentDB lease store contract at ${url}`, () => {
    // The server outlives every test: each test's lease streams start with a prefix of their own.
    const streamPrefix = `tablecast-lease-contract-${uniqueId()}-`;
    return Promise.resolve({
      connect: (now: () => number) => Promise.resolve(new KurrentDbLeaseStore(url, { now, streamPrefix })),
      teardown: () => Promise.resolve(),
    });
  });
});
