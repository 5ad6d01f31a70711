import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ArbitrationModule } from './arbitration/arbitration.module';
import { AuthModule } from './auth/auth.module';
import { BoardsModule } from './boards/boards.module';
import type { Clock } from './clock/clock';
import { ClockModule } from './clock/clock.module';
import { ConfigModule, type AppConfig } from './config';
import { ControlRoleModule } from './control-role/control-role.module';
import { DataDirLockRelease } from './data-dir/data-dir-lock.release';
import { DirectorModule } from './director/director.module';
import { ErrorKernelModule } from './errors/error-kernel.module';
import { EventStoreModule } from './event-store/event-store.module';
import { API_ROLE_MODULES } from './api-role/api-role.modules';
import { FeedsRoleModule } from './feeds-role/feeds-role.module';
import { GatewayRoleModule } from './gateway/gateway-role.module';
import { GatewayModule } from './gateway/gateway.module';
import { HealthModule } from './health/health.module';
import { LandingModule } from './landing/landing.module';
import { MatchesModule } from './matches/matches.module';
import { MetricsModule } from './metrics/metrics.module';
import { ObsModule } from './obs/obs.module';
import { PlayModule } from './play/play.module';
import { ProgramModule } from './producer/program.module';
import { ProducerStateModule } from './producer/producer-state.module';
import { ProjectionsModule } from './projections/projections.module';
import { ProjectorRoleModule } from './projector-role/projector-role.module';
import { TurnClockModule } from './turn-clock/turn-clock.module';
import { SeatBotsModule } from './seat-bots/seat-bots.module';
import { EventOutboxModule } from './scale/event-outbox.module';
import { TournamentsModule } from './tournaments/tournaments.module';

function logging(config: AppConfig): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: { level: config.LOG_LEVEL },
    // Requests are logged by http/request-log.ts (installed in bootstrap.ts): pino-http's child
    // logger and the AsyncLocalStorage scope per request cost ~10 % of the CPU per command.
    forRoutes: [],
  });
}

/** What a server runs whatever its role: config, logs, error answers, metrics, tokens, health probes. */
function everyRole(config: AppConfig): NonNullable<DynamicModule['imports']> {
  return [
    ConfigModule.forRoot(config),
    logging(config),
    ErrorKernelModule,
    MetricsModule,
    AuthModule,
    HealthModule,
  ];
}

@Module({})
export class AppModule {
  /** `clock`: the CLOCK every service reads (the system's unless a test pins or steps it). */
  static forRoot(config: AppConfig, clock?: Clock): DynamicModule {
    if (config.TABLECAST_ROLE === 'gateway') return AppModule.gatewayOnly(config);
    if (config.TABLECAST_ROLE === 'feeds') return AppModule.feedsOnly(config, clock);
    if (config.TABLECAST_ROLE === 'control') return AppModule.controlOnly(config, clock);
    if (config.TABLECAST_ROLE === 'api') return AppModule.apiOnly(config, clock);
    if (config.TABLECAST_ROLE === 'projector') return AppModule.projectorOnly(config, clock);
    return {
      module: AppModule,
      imports: [
        ...everyRole(config),
        ClockModule.forRoot(clock),
        EventStoreModule,
        MatchesModule,
        TurnClockModule,
        ProjectionsModule,
        GatewayModule,
        ArbitrationModule,
        TournamentsModule,
        ObsModule,
        DirectorModule,
        ProducerStateModule,
        ProgramModule,
        LandingModule,
        PlayModule,
        BoardsModule,
        SeatBotsModule,
        // EVENTS_OUTBOX=kafka: every event of the log to <KAFKA_TOPIC_PREFIX>.events.
        ...(config.EVENTS_OUTBOX === 'kafka' ? [EventOutboxModule] : []),
      ],
      // DataDirLockRelease here, in the root module: its shutdown hook runs after every import's.
      providers: [DataDirLockRelease],
    };
  }

  /**
   * TABLECAST_ROLE=api (docs/deployment.md): commands and read models over the shared SQLite log,
   * any number side by side (API_ROLE_MODULES); no feed producer, ledger writes or singletons.
   */
  private static apiOnly(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [...everyRole(config), ClockModule.forRoot(clock), ...API_ROLE_MODULES],
      providers: [DataDirLockRelease],
    };
  }

  /**
   * TABLECAST_ROLE=feeds (docs/deployment.md): the event store to read, the feed producer under the
   * fenced feed lease, health and metrics; no commands, read models, gateways or OBS. Its data dir
   * holds only its lock; the shared ledger is in TABLECAST_LOG_DIR.
   */
  private static feedsOnly(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [...everyRole(config), ClockModule.forRoot(clock), EventStoreModule, FeedsRoleModule],
      providers: [DataDirLockRelease],
    };
  }

  /**
   * TABLECAST_ROLE=control (docs/deployment.md): the deployment's singletons (OBS, the director,
   * chapters, the turn clock, the result reactor, board reveals, seat bots), run only while this
   * process holds the control lease; the module list is in control-role/.
   */
  private static controlOnly(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [...everyRole(config), ClockModule.forRoot(clock), EventStoreModule, ControlRoleModule],
      providers: [DataDirLockRelease],
    };
  }

  /**
   * TABLECAST_ROLE=projector (docs/deployment.md): the event store to read, the shared read models
   * projected under the projections lease, health and metrics; no reads, commands, feeds or OBS.
   * Its data dir holds only its lock; the read models are in TABLECAST_LOG_DIR.
   */
  private static projectorOnly(config: AppConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [...everyRole(config), ClockModule.forRoot(clock), EventStoreModule, ProjectorRoleModule],
      providers: [DataDirLockRelease],
    };
  }

  /**
   * TABLECAST_ROLE=gateway (docs/feeds.md): the spectator feeds from the Kafka bus, health and
   * metrics; no match, store, projections, feed producer, ledger, OBS, and no data dir to lock.
   */
  private static gatewayOnly(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [...everyRole(config), GatewayRoleModule],
    };
  }
}
