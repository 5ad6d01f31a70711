import { Module } from '@nestjs/common';
import { matchStream } from '@tablecast/events';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchesModule } from '../matches/matches.module';
import { ProducerModule } from '../producer/producer.module';
import { FeedHub } from './feed-hub.service';
import { FeedTimingMetrics } from './feed-timing.metrics';
import { MATCH_DIRECTORY, type MatchDirectory } from './gateway.tokens';
import { LiveGateway } from './live.gateway';

@Module({
  imports: [MatchesModule, BroadcastModule, ProducerModule],
  providers: [
    LiveGateway,
    FeedHub,
    FeedTimingMetrics,
    {
      provide: MATCH_DIRECTORY,
      inject: [EVENT_STORE],
      // A match exists once its stream has an event (MatchCreated): one indexed read of one row.
      useFactory: (store: AppEventStore): MatchDirectory => ({
        exists: async (matchId) => (await store.readStream(matchStream(matchId), { maxCount: 1 })).length > 0,
      }),
    },
  ],
})
export class GatewayModule {}
