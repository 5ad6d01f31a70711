import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MatchesModule } from '../matches/matches.module';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { AppealService } from './appeal.service';
import { AppealsController } from './appeals.controller';
import { RecordController } from './record/record.controller';
import { ReplayController } from './replay/replay.controller';
import { ReplayService } from './replay/replay.service';
import { RulingService } from './ruling.service';
import { RulingsController } from './rulings.controller';
import { ScoreCorrectionsController } from './score-corrections.controller';
import { ScoreCorrectionService } from './score-corrections.service';

/**
 * Arbitration: appeals, the arbiters' replay, committee rulings and their corrections,
 * score corrections and the match record. Controllers are thin; the services read the log.
 */
@Module({
  imports: [BroadcastModule, MatchesModule],
  controllers: [
    AppealsController,
    ReplayController,
    RulingsController,
    ScoreCorrectionsController,
    RecordController,
  ],
  providers: [
    AppealService,
    ReplayService,
    RulingService,
    ScoreCorrectionService,
    { provide: ENTROPY, useValue: systemEntropy },
  ],
})
export class ArbitrationModule {}
