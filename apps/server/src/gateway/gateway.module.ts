import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { FollowModule } from '../follow/follow.module';
import { MatchesModule } from '../matches/matches.module';
import { ProducerModule } from '../producer/producer.module';
import { APP_CONFIG, type AppConfig } from '../config';
import { FeedHub } from './feed-hub.service';
import { FEED_WINDOW_BYTES } from './gateway.tokens';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { LiveGateway } from './live.gateway';

@Module({
  imports: [MatchesModule, BroadcastModule, ProducerModule, FollowModule],
  providers: [
    LiveGateway,
    FeedHub,
    FeedTimingMetrics,
    {
      provide: FEED_WINDOW_BYTES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): number => config.FEED_WINDOW_BYTES,
    },
  ],
})
export class GatewayModule {}
