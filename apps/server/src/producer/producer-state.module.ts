import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { DirectorModule } from '../director/director.module';
import { FollowModule } from '../follow/follow.module';
import { ObsModule } from '../obs/obs.module';
import { ProducerStateController } from './producer-state.controller';
import { ProducerStateService } from './producer-state.service';
import { ProducerModule } from './producer.module';

/**
 * The dashboard's aggregate (GET /api/producer/state). Its own module because it reads the
 * director, which itself imports ProducerModule for the cues: this way there is no cycle.
 */
@Module({
  imports: [ProducerModule, ObsModule, BroadcastModule, DirectorModule, FollowModule],
  controllers: [ProducerStateController],
  providers: [ProducerStateService],
})
export class ProducerStateModule {}
