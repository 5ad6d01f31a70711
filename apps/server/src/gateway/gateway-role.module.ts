import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AUDIENCES, type Audience, type FeedBus } from '@tablecast/bus';
import { FEED_BUS } from '../broadcast/broadcast.tokens';
import { createConfiguredKafkaBus } from '../broadcast/kafka-bus-client';
import { APP_CONFIG, type AppConfig } from '../config';
import { HealthModule } from '../health/health.module';
import { configuredKafkaBusOptions } from '../scale/kafka-bus-options';
import { ReadinessService } from '../health/readiness.service';
import { FaultDrill } from '../faults/fault-drill';
import { FeedHub } from './feed-hub.service';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { FEED_HUB_AUDIENCES, FEED_WINDOW_BYTES } from './gateway.tokens';
import { LiveGateway } from './live.gateway';

export const FEED_BUS_CHECK = 'feed-bus';

/** Ready while the hub's Kafka subscription is open and consuming; closes the bus after the hub let go of it. */
@Injectable()
class GatewayBusLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(FEED_BUS) private readonly bus: FeedBus,
    hub: FeedHub,
    readiness: ReadinessService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const brokers = (config.KAFKA_BROKERS ?? []).join(',');
    readiness.register(FEED_BUS_CHECK, () => {
      if (!hub.subscribed) {
        return { name: FEED_BUS_CHECK, ok: false, detail: `not subscribed to kafka ${brokers} yet` };
      }
      // A crashed consumer serves no new frame until it rejoined: a balancer sends new spectators
      // to a gateway that has them (TC-SCALE-2).
      const failure = hub.busFailure;
      return failure === undefined
        ? { name: FEED_BUS_CHECK, ok: true, detail: `kafka ${brokers}` }
        : { name: FEED_BUS_CHECK, ok: false, detail: `kafka ${brokers} consumer down: ${failure}` };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}

/**
 * What a gateway-only process runs (TABLECAST_ROLE=gateway): the /ws endpoint and its
 * FeedHub fed by the Kafka bus, nothing else — no match service, event store, projections, feed
 * producer, disclosure ledger or OBS. Every frame on the bus is already redacted and released by
 * the full server, so this process never holds anything its audiences may not see yet, and any
 * number of them can serve one match. It has no frame archive (that is the full server's data
 * dir): a client behind the in-memory window gets a snapshot.
 *
 * Staff tokens are checked against TABLECAST_TOKENS like on the full server (a digest lookup, no
 * store). Without TABLECAST_TOKENS a gateway generates none: it serves the public audiences only
 * and takes only those from the bus.
 */
@Module({
  imports: [HealthModule],
  providers: [
    LiveGateway,
    FeedHub,
    GatewayBusLifecycle,
    FeedTimingMetrics,
    FaultDrill,
    {
      provide: FEED_BUS,
      inject: [APP_CONFIG, FeedTimingMetrics, FaultDrill],
      useFactory: (config: AppConfig, timing: FeedTimingMetrics, drill: FaultDrill): Promise<FeedBus> => {
        // The schema refuses TABLECAST_ROLE=gateway without brokers; this only narrows the type.
        if (config.KAFKA_BROKERS === undefined) throw new Error('TABLECAST_ROLE=gateway needs KAFKA_BROKERS');
        const socketFactory = drill.brokerSockets();
        return createConfiguredKafkaBus(config, {
          ...configuredKafkaBusOptions(config, config.KAFKA_BROKERS, 'tablecast-gateway'),
          ...(socketFactory === undefined ? {} : { socketFactory }),
          onReceived: (received) => {
            timing.received(received);
          },
        });
      },
    },
    {
      provide: FEED_WINDOW_BYTES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): number => config.FEED_WINDOW_BYTES,
    },
    {
      provide: FEED_HUB_AUDIENCES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): readonly Audience[] =>
        config.TABLECAST_TOKENS === undefined ? PUBLIC_AUDIENCES : AUDIENCES,
    },
  ],
})
export class GatewayRoleModule {}

/** The audiences a client can subscribe to without a token (see LiveGateway.subscribe). */
const PUBLIC_AUDIENCES: readonly Audience[] = ['venue', 'broadcast'];
