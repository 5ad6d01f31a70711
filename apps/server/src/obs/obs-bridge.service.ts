import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { NotFoundError } from '../errors';
import type { ObsInstanceListing } from '@tablecast/protocol';
import type { ObsConnection } from '@tablecast/obs';
import { ObsWebSocketConnection } from './obs-websocket.adapter';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';

/** What staff may see of an OBS instance (the contract's listing and chapters): never its password. */
export interface ObsInstanceStatus extends ObsInstanceListing {
  readonly recordChapters: RecordChapterStatus;
}

/** Whether this OBS takes recording chapters (OBS 30.2+), and the last one added. */
export interface RecordChapterStatus {
  /** Null until the first chapter was attempted. */
  readonly supported: boolean | null;
  readonly attempts: number;
  readonly lastChapter: string | null;
}

/** No OBS of that name is configured in OBS_INSTANCES. */
export class UnknownObsInstanceError extends NotFoundError {
  constructor(name: string, configured: readonly string[]) {
    super(
      configured.length === 0
        ? `no OBS is configured (OBS_INSTANCES is unset), so there is no "${name}"`
        : `no OBS instance "${name}"; configured: ${configured.join(', ')}`,
    );
    this.name = 'UnknownObsInstanceError';
  }
}

/**
 * One bridge connection per configured OBS (main, backup), opened at boot without holding the
 * boot up: an OBS that is down is retried in the background, so the server starts without it.
 */
@Injectable()
export class ObsBridgeService implements OnModuleInit, OnModuleDestroy, Singleton {
  private readonly logger = new Logger(ObsBridgeService.name);
  private readonly connections = new Map<
    string,
    { url: string; conn: ObsConnection; chapters: RecordChapterStatus }
  >();

  private started = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {
    for (const instance of config.OBS_INSTANCES) {
      const conn = new ObsWebSocketConnection({
        name: instance.name,
        url: instance.url,
        password: instance.password,
        onLog: (level, message) => {
          if (level === 'warn') this.logger.warn(message);
          else this.logger.log(message);
        },
      });
      this.connections.set(instance.name, {
        url: instance.url,
        conn,
        chapters: { supported: null, attempts: 0, lastChapter: null },
      });
    }
  }

  onModuleInit(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  /** Connects to the OBS instances (main and backup): a control standby connects to none. */
  startSingleton(): void {
    if (this.started) return;
    this.started = true;
    for (const { conn } of this.connections.values()) {
      conn.start().catch((error: unknown) => {
        this.logger.warn(error instanceof Error ? error.message : String(error));
      });
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopSingleton();
  }

  async stopSingleton(): Promise<void> {
    await Promise.all([...this.connections.values()].map(({ conn }) => conn.close()));
  }

  /** The named instance; `main` (or the only one configured) when no name is given. */
  instance(name?: string): ObsConnection {
    const names = [...this.connections.keys()];
    const wanted = name ?? (names.length === 1 ? names[0] : 'main') ?? 'main';
    const entry = this.connections.get(wanted);
    if (!entry) throw new UnknownObsInstanceError(wanted, names);
    return entry.conn;
  }

  status(): ObsInstanceStatus[] {
    return [...this.connections.entries()].map(([name, { url, conn, chapters }]) => ({
      name,
      url,
      state: conn.state,
      scenes: conn.sceneState,
      recordChapters: chapters,
    }));
  }

  /**
   * Adds a chapter to the recording of every connected OBS. Never throws: a marker that cannot be
   * placed must not disturb the show; the status tells the producer whether OBS takes them.
   */
  async markRecording(chapter: string): Promise<void> {
    const connected = [...this.connections.values()].filter(({ conn }) => conn.state === 'connected');
    await Promise.all(
      connected.map(async (entry) => {
        let supported = entry.chapters.supported;
        try {
          supported = (await entry.conn.createRecordChapter(chapter)).supported;
          if (!supported && entry.chapters.supported === null) {
            this.logger.warn(
              `OBS "${entry.conn.name}" cannot add recording chapters (needs OBS 30.2+ recording Hybrid MP4)`,
            );
          }
        } catch (error) {
          // Typically "not recording" (OBS 30.2+ answers 501): the chapter is lost, nothing else.
          this.logger.warn(error instanceof Error ? error.message : String(error));
        }
        entry.chapters = { supported, attempts: entry.chapters.attempts + 1, lastChapter: chapter };
      }),
    );
  }
}
