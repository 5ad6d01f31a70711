import { createConfluentKafkaBus, createKafkaBus, type FeedBus, type KafkaBusOptions } from '@tablecast/bus';
import type { AppConfig } from '../config';

/**
 * The Kafka bus on the client KAFKA_CLIENT names, for both roles (the full server publishing, a
 * gateway consuming). Both adapters speak the same topics, keys and headers, so a deployment can
 * mix them while it switches. `confluent` loads its native module only here, at boot, and fails
 * with how to install it when it is missing.
 */
export function createConfiguredKafkaBus(
  config: Pick<AppConfig, 'KAFKA_CLIENT'>,
  options: KafkaBusOptions,
): Promise<FeedBus> {
  return config.KAFKA_CLIENT === 'confluent' ? createConfluentKafkaBus(options) : createKafkaBus(options);
}
