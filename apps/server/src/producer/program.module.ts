import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { DirectorModule } from '../director/director.module';
import { FollowModule } from '../follow/follow.module';
import { ProjectionsModule } from '../projections/projections.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { ProgramController } from './program.controller';
import { ProgramGateway } from './program.gateway';
import { ProgramService } from './program.service';
import { ProducerModule } from './producer.module';

/**
 * The producer's program with several tables (/api/producer/program, /ws/producer). Its own
 * module: it reads the director (proposals) and the tournaments (the round's tables), which
 * ProducerModule itself must not import.
 */
@Module({
  imports: [
    ProducerModule,
    BroadcastModule,
    DirectorModule,
    FollowModule,
    ProjectionsModule,
    TournamentsModule,
  ],
  controllers: [ProgramController],
  providers: [ProgramService, ProgramGateway],
})
export class ProgramModule {}
