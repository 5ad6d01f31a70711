import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { CLOCK, ENTROPY, systemClock, systemEntropy } from '../clock/clock';
import { AppealService } from './appeal.service';
import { AppealsController } from './appeals.controller';
import { ReplayController } from './replay/replay.controller';
import { ReplayService } from './replay/replay.service';
import { RulingService } from './ruling.service';
import { RulingsController } from './rulings.controller';

/**
 * Arbitration (issue 10): appeals, the arbiters' replay, committee rulings and their corrections,
 * score corrections and the match record. Controllers are thin; the services read the log.
 */
@Module({
  imports: [BroadcastModule],
  controllers: [AppealsController, ReplayController, RulingsController],
  providers: [
    AppealService,
    ReplayService,
    RulingService,
    { provide: CLOCK, useValue: systemClock },
    { provide: ENTROPY, useValue: systemEntropy },
  ],
})
export class ArbitrationModule {}
