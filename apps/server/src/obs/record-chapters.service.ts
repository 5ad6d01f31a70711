import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ObsBridgeService } from './obs-bridge.service';
import { CHAPTER_EVENTS, chapterName } from './record-chapters';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';

/**
 * Adds a recording chapter on every connected OBS at each hand start, hand end and penalty
 * recorded while the server runs. These follow the live table, not the broadcast delay: the
 * recording is for the arbiters, not for air. Events from before boot get none (that video is
 * already recorded), so the log is followed from its end.
 */
@Injectable()
export class RecordChaptersService implements OnApplicationBootstrap, OnApplicationShutdown, Singleton {
  private readonly logger = new Logger(RecordChaptersService.name);
  private subscription: ReturnType<AppEventStore['subscribeToAll']> | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly bridge: ObsBridgeService,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {}

  onApplicationBootstrap(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSingleton();
  }

  startSingleton(): void {
    if (this.bridge.status().length === 0 || this.closed || this.running !== undefined) return;
    const bootedAt = new Date().toISOString();
    this.running = (async () => {
      // A chapter marks what happens while recording: nothing recorded before this boot is marked,
      // so the log is followed from its end (from its start only where the end cannot be told).
      const head = await this.store.log.headPosition?.();
      if (this.closed) return;
      const subscription = this.store.subscribeToAll({
        fromPosition: head ?? 'start',
        filter: { eventTypes: [...CHAPTER_EVENTS] },
      });
      this.subscription = subscription;
      for await (const event of subscription) {
        const name = chapterName(event);
        if (name === null || event.metadata.recordedAt < bootedAt) continue;
        await this.bridge.markRecording(name);
      }
    })().catch((error: unknown) => {
      this.logger.warn(
        `recording chapters stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  async stopSingleton(): Promise<void> {
    this.closed = true;
    await this.subscription?.close();
    await this.running;
  }
}
