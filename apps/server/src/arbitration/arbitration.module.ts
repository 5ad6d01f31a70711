import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MatchesModule } from '../matches/matches.module';
import { ProjectionsModule } from '../projections/projections.module';
import { ENTROPY, systemEntropy } from '../clock/clock';
import { AppealService } from './appeal.service';
import { ARBITRATION_LOOKUPS, IndexedArbitrationLookups } from './arbitration-lookups';
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
 * score corrections and the match record. Controllers are thin; the services read
 * the streams they need, and look up the rest by key in the projection runner's arbitration index.
 */
@Module({
  imports: [BroadcastModule, MatchesModule, ProjectionsModule],
  controllers: [
    AppealsController,
    ReplayController,
    RulingsController,
    ScoreCorrectionsController,
    RecordController,
  ],
  providers: [
    { provide: ARBITRATION_LOOKUPS, useClass: IndexedArbitrationLookups },
    AppealService,
    ReplayService,
    RulingService,
    ScoreCorrectionService,
    { provide: ENTROPY, useValue: systemEntropy },
  ],
})
export class ArbitrationModule {}
