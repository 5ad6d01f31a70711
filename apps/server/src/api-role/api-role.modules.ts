import type { DynamicModule, Type } from '@nestjs/common';
import { ArbitrationModule } from '../arbitration/arbitration.module';
import { BoardsModule } from '../boards/boards.module';
import { EventStoreModule } from '../event-store/event-store.module';
import { MatchesModule } from '../matches/matches.module';
import { PlayModule } from '../play/play.module';
import { ProjectionsModule } from '../projections/projections.module';
import { SharedProjectionsModule } from '../projections/shared-projections.module';
import { SharedProjectionsReaderModule } from '../projections/shared-projections-reader.module';
import { SingletonsIdleModule } from '../singletons/singleton-mode.module';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { SpectatorFeedsRefusedModule } from './spectator-feeds-refused.gateway';

/**
 * What a TABLECAST_ROLE=api process runs (TC-SCALE-2): the match, seat, arbitration, tournament and
 * board APIs, the projections and the seat terminals' websocket, over the shared SQLite log. Any
 * number run side by side: everything here either reads the log or appends to it with an expected
 * revision, so two processes never both write one event. With API_PROJECTIONS=shared one of them at
 * a time, the projections lease's holder, projects the log for all (SharedProjectionsModule); with
 * projector they all read what a TABLECAST_ROLE=projector process projects
 * (SharedProjectionsReaderModule).
 *
 * Left out, and why:
 * - the spectator gateways, the landing pages and the producer's pages: the gateways serve the
 *   feeds the `feeds` role publishes. `/ws` is refused (4421, naming the gateway role) rather than
 *   cut, and so is `/ws/tournament` (its tables' live scores need venue frames: control or all);
 * - the feed producer's publishing and ledger writes: the `feeds` role (BroadcastModule here only
 *   reads the shared ledger, for /disclosures);
 * - the singletons (OBS, director, producer state and program, record chapters, turn clock, seat
 *   bots; the result reactor and board reveals inside their modules stay idle, SingletonsIdleModule):
 *   each acts once for the whole deployment.
 */
export const API_ROLE_MODULES: readonly (Type | DynamicModule)[] = [
  SingletonsIdleModule,
  EventStoreModule,
  MatchesModule,
  ProjectionsModule,
  SharedProjectionsModule,
  SharedProjectionsReaderModule,
  ArbitrationModule,
  TournamentsModule,
  PlayModule,
  BoardsModule,
  SpectatorFeedsRefusedModule,
];
