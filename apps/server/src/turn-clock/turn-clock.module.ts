import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { TurnClockService } from './turn-clock.service';

/** The server's turn clocks (DDZ-GEN-2): the timer per match that sends a timed-out turn's default. */
@Module({
  imports: [MatchesModule],
  providers: [TurnClockService],
  exports: [TurnClockService],
})
export class TurnClockModule {}
