import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { RoundStart } from './round-start';
import { TournamentResultReactor } from './result-reactor';
import { TournamentsController } from './tournaments.controller';
import { TournamentService } from './tournament.service';

/** The tournament stream's API (TRN-*): events around the matches, their standings and sheets. */
@Module({
  imports: [MatchesModule],
  controllers: [TournamentsController],
  providers: [TournamentService, RoundStart, TournamentResultReactor],
  exports: [TournamentService, TournamentResultReactor],
})
export class TournamentsModule {}
