import { Module } from '@nestjs/common';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { APP_CONFIG, sharedStateDir, type AppConfig } from '../config';
import { MatchesModule } from '../matches/matches.module';
import { BoardReveals } from './board-reveals.service';
import { BoardSetStore } from './board-set-store';
import { BoardSets } from './board-sets.service';
import { BoardsController } from './boards.controller';
import { BOARD_SET_STORE } from './boards.tokens';

/**
 * Duplicate boards (DDZ-GEN-1): sealed sets kept in the data dir, dealt at several tables, revealed
 * at all of them once all have played the board; their results and verification.
 */
@Module({
  imports: [MatchesModule],
  controllers: [BoardsController],
  providers: [
    BoardSets,
    BoardReveals,
    { provide: ENTROPY, useValue: systemEntropy },
    {
      provide: BOARD_SET_STORE,
      inject: [APP_CONFIG],
      // Beside the shared log when there is one: a set made through one api process deals on all.
      useFactory: (config: AppConfig): BoardSetStore => new BoardSetStore(sharedStateDir(config)),
    },
  ],
  exports: [BoardSets, BoardReveals],
})
export class BoardsModule {}
