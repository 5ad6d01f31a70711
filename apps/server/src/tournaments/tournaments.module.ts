import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MatchesModule } from '../matches/matches.module';
import { TOURNAMENT_FEED_PROVIDERS } from './feed/tournament-feed.providers';
import { RoundStart } from './round-start';
import { TournamentResultReactor } from './result-reactor';
import { TournamentsController } from './tournaments.controller';
import { TournamentService } from './tournament.service';

/** The tournament stream's API (TRN-*): events around the matches, their standings and sheets. */
@Module({
  imports: [MatchesModule, BroadcastModule],
  controllers: [TournamentsController],
  providers: [TournamentService, RoundStart, TournamentResultReactor, ...TOURNAMENT_FEED_PROVIDERS],
  exports: [TournamentService, TournamentResultReactor],
})
export class TournamentsModule {}
