import { Module } from '@nestjs/common';
import { CLOCK, ENTROPY, systemClock, systemEntropy } from '../clock/clock';
import { AppealService } from './appeal.service';
import { AppealsController } from './appeals.controller';

/**
 * Arbitration (issue 10): appeals, the arbiters' replay, committee rulings and their corrections,
 * score corrections and the match record. Controllers are thin; the services read the log.
 */
@Module({
  controllers: [AppealsController],
  providers: [
    AppealService,
    { provide: CLOCK, useValue: systemClock },
    { provide: ENTROPY, useValue: systemEntropy },
  ],
})
export class ArbitrationModule {}
