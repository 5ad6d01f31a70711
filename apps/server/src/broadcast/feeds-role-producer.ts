import type { FeedBus } from '@tablecast/bus';
import { monotonicClock, systemClock } from '../clock/clock';
import type { AppConfig } from '../config';
import type { AppEventStore } from '../event-store/event-store.module';
import type { DisclosureStore } from './disclosure-store';
import { FeedProducer, type FeedProducerMode } from './feed-producer.service';

/**
 * The feeds role's mode (TC-SCALE-1): started only by whoever holds the feeds (the lease, a
 * partition, the feeds thread), the bus's acknowledgements kept in the shared ledger so a
 * successor sends again what this one may not have delivered.
 */
export const FEEDS_ROLE_MODE: FeedProducerMode = { startAtBoot: false, markPublished: true };

/** A feed producer as the feeds role runs it, built outside Nest (the feeds thread, a child process). */
export function feedsRoleProducer(
  config: AppConfig,
  store: AppEventStore,
  bus: FeedBus,
  disclosures: DisclosureStore,
): FeedProducer {
  return new FeedProducer(config, store, bus, systemClock, monotonicClock, disclosures, FEEDS_ROLE_MODE);
}
