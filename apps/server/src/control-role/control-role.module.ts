import { Injectable, Module } from '@nestjs/common';
import type { LeaseStore } from '@tablecast/event-store';
import { BoardReveals } from '../boards/board-reveals.service';
import { BoardsModule } from '../boards/boards.module';
import { APP_CONFIG, type AppConfig } from '../config';
import { DirectorModule } from '../director/director.module';
import { openConfiguredLeaseStore } from '../event-store/open-event-store';
import { DirectorService } from '../director/director.service';
import { HealthModule } from '../health/health.module';
import { ReadinessService } from '../health/readiness.service';
import { ObsBridgeService } from '../obs/obs-bridge.service';
import { ObsModule } from '../obs/obs.module';
import { RecordChaptersService } from '../obs/record-chapters.service';
import { ProducerStateModule } from '../producer/producer-state.module';
import { ProducerModule } from '../producer/producer.module';
import { ProgramModule } from '../producer/program.module';
import { RundownService } from '../producer/rundown.service';
import { SharedProjectionsReaderModule } from '../projections/shared-projections-reader.module';
import { SeatBots } from '../seat-bots/seat-bots.service';
import { SeatBotsModule } from '../seat-bots/seat-bots.module';
import type { Singleton } from '../singletons/singleton-mode';
import { SingletonsOnLeaseModule } from '../singletons/singleton-mode.module';
import { TournamentResultReactor } from '../tournaments/result-reactor';
import { TournamentsModule } from '../tournaments/tournaments.module';
import { TurnClockModule } from '../turn-clock/turn-clock.module';
import { TurnClockService } from '../turn-clock/turn-clock.service';
import { CONTROL_LEASE_CHECK, ControlLeaseKeeper } from './control-lease-keeper';
import { CONTROL_LEASES, CONTROL_SINGLETONS } from './control-role.tokens';

/** Registers the `control-lease` readiness check (the keeper closes its lease store itself, after the release). */
@Injectable()
class ControlRoleReadiness {
  constructor(keeper: ControlLeaseKeeper, readiness: ReadinessService) {
    readiness.register(CONTROL_LEASE_CHECK, () => keeper.readiness());
  }
}

/**
 * The modules of TABLECAST_ROLE=control (docs/deployment.md): the jobs that must run once per
 * deployment, started only in the process that holds the control lease (TC-SCALE-1), kept in the
 * shared log's file or, on KurrentDB, in its lease stream. What each singleton keeps between runs (the result reactor's checkpoint, the
 * director's rules, the rundown) is in TABLECAST_LOG_DIR too, so a standby that takes over goes
 * on from where the former holder was. The producer's dashboard APIs of these modules (director,
 * rundown, program, OBS) answer on every control process; the holder is the one that acts.
 *
 * The read models behind the program's tables, the director's and the dashboard's table lookups,
 * the seat bots' wake-ups and the staff reads are the process's own projection of the whole log,
 * or with API_PROJECTIONS=shared the api projector's file in TABLECAST_LOG_DIR, read and never
 * written: no boot replay, no projections lease (SharedProjectionsReaderModule).
 */
@Module({
  imports: [
    SingletonsOnLeaseModule,
    HealthModule,
    ObsModule,
    DirectorModule,
    ProducerModule,
    ProducerStateModule,
    ProgramModule,
    TournamentsModule,
    TurnClockModule,
    BoardsModule,
    SeatBotsModule,
    SharedProjectionsReaderModule,
  ],
  providers: [
    ControlLeaseKeeper,
    ControlRoleReadiness,
    {
      provide: CONTROL_LEASES,
      inject: [APP_CONFIG],
      // In the shared SQLite log's file, or on KurrentDB when EVENTSTORE_URL is set.
      useFactory: (config: AppConfig): LeaseStore =>
        openConfiguredLeaseStore(config, config.CONTROL_LEASE_TTL_MS),
    },
    {
      provide: CONTROL_SINGLETONS,
      // Start order: OBS first (the director and chapters drive it), then the jobs that append.
      inject: [
        ObsBridgeService,
        RundownService,
        DirectorService,
        RecordChaptersService,
        TournamentResultReactor,
        TurnClockService,
        BoardReveals,
        SeatBots,
      ],
      useFactory: (
        obs: ObsBridgeService,
        rundown: RundownService,
        director: DirectorService,
        chapters: RecordChaptersService,
        results: TournamentResultReactor,
        turnClock: TurnClockService,
        reveals: BoardReveals,
        bots: SeatBots,
      ): readonly Singleton[] => [
        obs,
        {
          // The show's list as the former holder saved it; nothing to stop.
          startSingleton: () => {
            rundown.reload();
          },
          stopSingleton: () => Promise.resolve(),
        },
        director,
        chapters,
        results,
        turnClock,
        reveals,
        bots,
      ],
    },
  ],
})
export class ControlRoleModule {}
