import { describeLeaseStoreContract } from '../lease/lease-store.contract';
import { InMemoryKurrent } from '../testing/in-memory-kurrent';
import { KurrentDbLeaseStore } from './kurrentdb-lease-store';

// The contract over the client library's boundary, each connect() a client of its own on one
// in-memory server: the adapter's decisions, with the server's expected-state check as KurrentDB has it.
describeLeaseStoreContract('KurrentDB lease store contract over an in-memory server', () => {
  const server = new InMemoryKurrent();
  return Promise.resolve({
    connect: (now: () => number) =>
      Promise.resolve(
        new KurrentDbLeaseStore('kurrentdb://in-memory:2113', { now, client: server.client() }),
      ),
    teardown: () => Promise.resolve(),
  });
});
