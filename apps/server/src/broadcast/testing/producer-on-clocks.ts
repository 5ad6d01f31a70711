import { createInProcessBus, type BusMessage, type FeedBus } from '@tablecast/bus';
import { createEventStore, SqliteEventLog, type EventStore } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import { tablecastCatalog } from '@tablecast/games';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../clock/clock';
import { loadConfig } from '../../config';
import { DisclosureStore } from '../disclosure-store';
import { FeedProducer } from '../feed-producer.service';

/** A feed producer on a real SQLite log in a fresh directory, every bus message it sends kept. */
export interface ProducerOnClocks {
  readonly store: EventStore<TablecastEvent>;
  readonly producer: FeedProducer;
  /** Every message the in-process bus carried, in order. */
  readonly received: BusMessage[];
  /** Stops the producer, closes the bus, the log and the ledger, and removes the directory. */
  close(): Promise<void>;
}

/**
 * The producer of the `all` process on clocks the test moves: the log records events at
 * `clock`'s wall time, the release is timed on `monotonic`.
 */
export async function openProducerOnClocks(options: {
  readonly dirPrefix: string;
  readonly delayMs: number;
  readonly clock: Clock;
  readonly monotonic: Clock;
}): Promise<ProducerOnClocks> {
  const dir = mkdtempSync(join(tmpdir(), options.dirPrefix));
  const store = createEventStore({
    log: new SqliteEventLog({ dataDir: dir, synchronous: 'normal' }),
    catalog: tablecastCatalog,
    now: () => new Date(options.clock.now()),
  });
  const bus: FeedBus = createInProcessBus();
  const received: BusMessage[] = [];
  await bus.subscribe((message) => {
    received.push(message);
  });
  const config = loadConfig({ TABLECAST_DATA_DIR: dir, BROADCAST_DELAY_MS: String(options.delayMs) });
  const disclosures = new DisclosureStore(dir);
  const producer = new FeedProducer(config, store, bus, options.clock, options.monotonic, disclosures);
  return {
    store,
    producer,
    received,
    close: async () => {
      await producer.onApplicationShutdown();
      await bus.close();
      await store.close();
      disclosures.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
