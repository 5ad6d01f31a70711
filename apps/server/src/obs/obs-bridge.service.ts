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
import type { ObsInstanceListing, ObsMirrorStatus } from '@tablecast/protocol';
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
  /** A backup's following of the main's program scene; null for the main. */
  readonly mirror: ObsMirrorStatus | null;
}

/** One configured OBS, with what the bridge keeps of it. */
interface BridgedObs {
  readonly url: string;
  readonly conn: ObsConnection;
  chapters: RecordChapterStatus;
  mirror: ObsMirrorStatus;
  /** A program change is on its way to this OBS (mirrored changes go one at a time). */
  sending: boolean;
  /** The latest scene asked for while one was on its way: sent next, the ones between skipped. */
  next: string | null;
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
  private readonly connections = new Map<string, BridgedObs>();

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
        mirror: { scene: null, state: 'idle', error: null },
        sending: false,
        next: null,
      });
    }
    this.followMainOnConnect();
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

  /** The main OBS: `main`, or the only one configured. The others are its backups. */
  private mainName(): string {
    const names = [...this.connections.keys()];
    return (names.length === 1 ? names[0] : 'main') ?? 'main';
  }

  /** The named instance; `main` (or the only one configured) when no name is given. */
  instance(name?: string): ObsConnection {
    const names = [...this.connections.keys()];
    const wanted = name ?? this.mainName();
    const entry = this.connections.get(wanted);
    if (!entry) throw new UnknownObsInstanceError(wanted, names);
    return entry.conn;
  }

  status(): ObsInstanceStatus[] {
    const main = this.mainName();
    return [...this.connections.entries()].map(([name, { url, conn, chapters, mirror }]) => ({
      name,
      url,
      state: conn.state,
      scenes: conn.sceneState,
      recordChapters: chapters,
      mirror: name === main ? null : mirror,
    }));
  }

  /**
   * The main OBS put `scene` on program (a rundown take, a director's cut): every backup is sent
   * the same scene, so a switch to the backup shows what the main shows. Returns at once: the main
   * never waits on a backup, and a backup that is down or refuses only marks its mirror `failed`
   * (the dashboard shows it). A change on another OBS than the main is not mirrored.
   */
  mirrorProgram(from: string, scene: string): void {
    if (from !== this.mainName()) return;
    for (const [name, backup] of this.connections) {
      if (name !== from) this.sendToBackup(name, backup, scene);
    }
  }

  /**
   * The main took its preview to program (the producer's take on the OBS card): its backups follow
   * the scene now on program, read back from the main. Never throws: a main that cannot say leaves
   * the backups where they are, as the take itself already answered.
   */
  async mirrorTake(from: string): Promise<void> {
    const main = this.connections.get(from);
    if (from !== this.mainName() || main === undefined) return;
    try {
      this.mirrorProgram(from, await main.conn.getProgramScene());
    } catch (error) {
      this.logger.warn(
        `the backups could not follow a take on OBS "${from}": ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Whenever a backup (re)connects, or the main does, each connected backup is brought to the
   * main's program scene at once, not at the next change: a backup restarted during the show would
   * otherwise hold whatever it loaded with, and a switch to it would put that on air. A backup
   * already on the main's scene is left alone.
   */
  private followMainOnConnect(): void {
    const main = this.connections.get(this.mainName());
    for (const conn of [...this.connections.values()].map((entry) => entry.conn)) {
      conn.onStateChange((state) => {
        if (state !== 'connected') return;
        const scene = main?.conn.state === 'connected' ? (main.conn.sceneState?.programScene ?? null) : null;
        if (scene === null) return;
        for (const [name, backup] of this.connections) {
          if (backup === main || backup.conn.state !== 'connected') continue;
          if (backup.conn.sceneState?.programScene !== scene) this.sendToBackup(name, backup, scene);
        }
      });
    }
  }

  /** Puts `scene` on a backup's program, one change at a time, the latest asked for winning. */
  private sendToBackup(name: string, backup: BridgedObs, scene: string): void {
    backup.mirror = { scene, state: 'pending', error: null };
    if (backup.sending) backup.next = scene;
    else void this.sendMirrored(name, backup, scene);
  }

  /** One program change to a backup, then the latest asked for meanwhile, if any. */
  private async sendMirrored(name: string, backup: BridgedObs, scene: string): Promise<void> {
    backup.sending = true;
    let outcome: ObsMirrorStatus;
    try {
      if (backup.conn.state !== 'connected')
        throw new Error(`OBS "${name}" is ${backup.conn.state}, not connected`);
      await backup.conn.setProgramScene(scene);
      outcome = { scene, state: 'ok', error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`backup OBS "${name}" did not follow the main to ${scene}: ${reason}`);
      outcome = { scene, state: 'failed', error: reason };
    }
    // A newer scene asked for meanwhile stays pending until it is sent in turn.
    if (backup.mirror.scene === scene && backup.next === null) backup.mirror = outcome;
    backup.sending = false;
    const next = backup.next;
    backup.next = null;
    if (next !== null) await this.sendMirrored(name, backup, next);
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
