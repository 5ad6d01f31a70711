import { Module } from '@nestjs/common';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { TOURNAMENT_FEED_PROVIDERS } from './feed/tournament-feed.providers';
import { TournamentsController } from './tournaments.controller';
import { TournamentService } from './tournament.service';

/** The tournament stream's API (TRN-*): events around the matches, their standings and sheets. */
@Module({
  imports: [BroadcastModule],
  controllers: [TournamentsController],
  providers: [TournamentService, ...TOURNAMENT_FEED_PROVIDERS],
  exports: [TournamentService],
})
export class TournamentsModule {}
