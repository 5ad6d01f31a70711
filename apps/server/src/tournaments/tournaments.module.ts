import { Module } from '@nestjs/common';
import { TournamentsController } from './tournaments.controller';
import { TournamentService } from './tournament.service';

/** The tournament stream's API (TRN-*): events around the matches, their standings and sheets. */
@Module({
  controllers: [TournamentsController],
  providers: [TournamentService],
  exports: [TournamentService],
})
export class TournamentsModule {}
