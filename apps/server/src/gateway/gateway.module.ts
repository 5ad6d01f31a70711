import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MatchesModule } from '../matches/matches.module';
import { ProducerModule } from '../producer/producer.module';
import { FeedHub } from './feed-hub.service';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { LiveGateway } from './live.gateway';

@Module({
  imports: [MatchesModule, BroadcastModule, ProducerModule],
  providers: [LiveGateway, FeedHub, FeedTimingMetrics],
})
export class GatewayModule {}
