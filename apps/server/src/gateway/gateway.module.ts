import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { FollowModule } from '../follow/follow.module';
import { MatchesModule } from '../matches/matches.module';
import { ProducerModule } from '../producer/producer.module';
import { FeedHub } from './feed-hub.service';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { LiveGateway } from './live.gateway';

@Module({
  imports: [MatchesModule, BroadcastModule, ProducerModule, FollowModule],
  providers: [LiveGateway, FeedHub, FeedTimingMetrics],
})
export class GatewayModule {}
