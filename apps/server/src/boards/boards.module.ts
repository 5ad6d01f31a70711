import { Module } from '@nestjs/common';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { MatchesModule } from '../matches/matches.module';
import { BoardSets } from './board-sets.service';
import { BoardsController } from './boards.controller';

/** Duplicate boards (DDZ-GEN-1): sealed sets dealt at several tables, their results and verification. */
@Module({
  imports: [MatchesModule],
  controllers: [BoardsController],
  providers: [BoardSets, { provide: ENTROPY, useValue: systemEntropy }],
  exports: [BoardSets],
})
export class BoardsModule {}
