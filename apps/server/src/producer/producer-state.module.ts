import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { DirectorModule } from '../director/director.module';
import { FollowModule } from '../follow/follow.module';
import { ObsModule } from '../obs/obs.module';
import { TurnClockModule } from '../turn-clock/turn-clock.module';
import { ProducerStateController } from './producer-state.controller';
import { ProducerStateService } from './producer-state.service';
import { ProducerModule } from './producer.module';

/**
 * The dashboard's aggregate (GET /api/producer/state). Its own module because it reads the
 * director, which itself imports ProducerModule for the cues: this way there is no cycle. The turn
 * clocks' module is the one the roles that serve the dashboard run already (one instance).
 */
@Module({
  imports: [ProducerModule, ObsModule, BroadcastModule, DirectorModule, FollowModule, TurnClockModule],
  controllers: [ProducerStateController],
  providers: [ProducerStateService],
})
export class ProducerStateModule {}
