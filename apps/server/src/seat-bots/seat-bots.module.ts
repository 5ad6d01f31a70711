import { Module } from '@nestjs/common';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { MatchesModule } from '../matches/matches.module';
import { ProjectionsModule } from '../projections/projections.module';
import { SeatBotsController } from './seat-bots.controller';
import { SeatBots } from './seat-bots.service';

/** Bots on any seat (DDZ-GEN-3, 人机赛), playing through the match command path. */
@Module({
  imports: [MatchesModule, ProjectionsModule],
  controllers: [SeatBotsController],
  providers: [SeatBots, { provide: ENTROPY, useValue: systemEntropy }],
  exports: [SeatBots],
})
export class SeatBotsModule {}
