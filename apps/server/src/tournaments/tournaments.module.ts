import { Module } from '@nestjs/common';
import { BoardsModule } from '../boards/boards.module';
import { BroadcastModule } from '../broadcast/broadcast.module';
import { MatchesModule } from '../matches/matches.module';
import { ProjectionsModule } from '../projections/projections.module';
import { TOURNAMENT_FEED_PROVIDERS } from './feed/tournament-feed.providers';
import { TournamentFeed } from './feed/tournament-feed.service';
import { VenueTables } from './feed/venue-tables.service';
import { KnockoutGameTables } from './knockout-game-tables';
import { BoardSeedsController } from './board-seeds.controller';
import { PublicEventsController } from './public-events.controller';
import { RoundSeedRelease } from './round-seed-release';
import { RoundStart } from './round-start';
import { TableBoards } from './table-boards';
import { TournamentResultReactor } from './result-reactor';
import { TournamentsController } from './tournaments.controller';
import { TournamentService } from './tournament.service';

/** The tournament stream's API (TRN-*): events around the matches, their standings and sheets. */
@Module({
  imports: [MatchesModule, BoardsModule, BroadcastModule, ProjectionsModule],
  controllers: [TournamentsController, PublicEventsController, BoardSeedsController],
  providers: [
    TournamentService,
    RoundStart,
    TableBoards,
    RoundSeedRelease,
    KnockoutGameTables,
    TournamentResultReactor,
    ...TOURNAMENT_FEED_PROVIDERS,
  ],
  // The feed and the venue tables also serve the producer's program (its round's tables, live).
  exports: [TournamentService, TournamentResultReactor, TournamentFeed, VenueTables, TableBoards],
})
export class TournamentsModule {}
