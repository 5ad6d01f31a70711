import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createInProcessBus, createKafkaBus, type FeedBus } from '@tablecast/broadcast';
import { CLOCK, systemClock } from '../clock/clock';
import { APP_CONFIG, type AppConfig } from '../config';
import { performance } from 'node:perf_hooks';
import { FEED_BUS, MONOTONIC_CLOCK } from './broadcast.tokens';
import { DisclosuresController } from './disclosures.controller';
import { FeedProducer } from './feed-producer.service';

/** Closes the bus after the producer and the gateways stopped using it. */
@Injectable()
class FeedBusLifecycle implements OnApplicationShutdown {
  constructor(@Inject(FEED_BUS) private readonly bus: FeedBus) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * The broadcast feeds (issue 7): the per-match feed producer, the fan-out bus it publishes to
 * (in-process, or Kafka when KAFKA_BROKERS is set), and the staff disclosure ledger. The gateways import this module for the bus.
 */
@Module({
  controllers: [DisclosuresController],
  providers: [
    FeedProducer,
    FeedBusLifecycle,
    {
      provide: FEED_BUS,
      inject: [APP_CONFIG],
      // KAFKA_BROKERS: frames go through Kafka (topic per audience, key = match id), so several
      // gateway processes can serve one match; the producer connects at boot and fails fast.
      useFactory: async (config: AppConfig): Promise<FeedBus> =>
        config.KAFKA_BROKERS === undefined
          ? createInProcessBus()
          : createKafkaBus({
              brokers: config.KAFKA_BROKERS,
              clientId: 'tablecast-server',
              topicPrefix: 'tablecast.feeds',
            }),
    },
    { provide: CLOCK, useValue: systemClock },
    { provide: MONOTONIC_CLOCK, useValue: { now: () => performance.now() } },
  ],
  exports: [FEED_BUS, FeedProducer],
})
export class BroadcastModule {}
