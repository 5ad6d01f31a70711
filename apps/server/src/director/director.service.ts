import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import type { BusMessage, BusSubscription, FeedBus } from '@tablecast/bus';
import {
  logPart,
  type DirectorLogEntry,
  type DirectorLogPart,
  type DirectorStatus,
  type FeedFrame,
} from '@tablecast/protocol';
import { closeSubscribedAtBuild, subscribeAtBuild } from '../broadcast/bus-subscription-at-build';
import { FEED_BUS, FEED_FRAME_ARCHIVE } from '../broadcast/broadcast.tokens';
import type { DirectorFrame } from '../broadcast/director-frame';
import { decodeFrame } from '../broadcast/encoded-frames';
import type { FeedFrameArchive } from '../broadcast/feed-frame-archive';
import { CLOCK, type Clock } from '../clock/clock';
import { TableFollow } from '../follow/table-follow.service';
import { ObsBridgeService, UnknownObsInstanceError } from '../obs/obs-bridge.service';
import { OverlayCuesService } from '../producer/overlay-cues.service';
import {
  DirectorActionError,
  executeDirectorCommand,
  NoPageConnectedError,
  type DirectorTargets,
} from './director-actions';
import {
  actionFailed,
  commandDone,
  commandFailed,
  dueReturns,
  initialDirectorState,
  observePrograms,
  reactToMoment,
  type DirectorContext,
  type DirectorDecision,
  type DirectorEngineState,
} from './director-engine';
import { matchOnObs } from './obs-match';
import { momentsReleasedBy, type DetectedMoment } from './director-moments';
import { GameMoments, asDirectorMoment } from './module-moments';
import { DEFAULT_DIRECTOR_SETTINGS, type DirectorRule, type DirectorSettings } from './director-rules';
import { DIRECTOR_SETTINGS_STORE } from './director.tokens';
import type { DirectorSettingsStore } from './director-settings.store';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';

/** How often returns fall due and OBS's program scene is looked at (a producer's cut starts the dwell). */
const TICK_MS = 250;
const LOG_SIZE = 100;

/** Told of every broadcast frame the director read, with the moments it released (often none). */
export type ReleasedListener = (
  frame: DirectorFrame,
  moments: readonly DetectedMoment[],
  now: number,
) => void;

/**
 * The auto-director: a broadcast client inside the server. It subscribes to the feed
 * bus for the `broadcast` audience of every match — the same already-redacted, already-released
 * frames a broadcast page gets, never the staff stream or the log — finds the moments each frame
 * releases, lets the pure engine decide, and carries the decisions out through the OBS bridge and
 * the overlay cues, one at a time. A failure (OBS down, no page connected) is logged as `failed`
 * with its reason; nothing is ever thrown back into the feed.
 */
@Injectable()
export class DirectorService
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown, Singleton
{
  private readonly logger = new Logger(DirectorService.name);
  private settings: DirectorSettings = DEFAULT_DIRECTOR_SETTINGS;
  private state: DirectorEngineState = initialDirectorState();
  private readonly gameMoments: GameMoments;
  /** Moments of games other than Guandan released so far (their modules' `moments`). */
  gameMomentsSeen = 0;
  private readonly entries: DirectorLogEntry[] = [];
  private readonly subscribing: Promise<BusSubscription>;
  /** From onApplicationBootstrap on: the frames it acts on, as when it subscribed there. */
  private live = false;
  private timer: NodeJS.Timeout | undefined;
  /** Commands run one after another, in the order decided. */
  private queue: Promise<void> = Promise.resolve();
  private readonly targets: DirectorTargets;
  private readonly releasedListeners = new Set<ReleasedListener>();

  constructor(
    @Inject(FEED_BUS) bus: FeedBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DIRECTOR_SETTINGS_STORE) private readonly store: DirectorSettingsStore,
    private readonly bridge: ObsBridgeService,
    cues: OverlayCuesService,
    private readonly follow: TableFollow,
    // The feed's archive of the frames it sent: a match first seen mid-way is folded from it.
    @Optional() @Inject(FEED_FRAME_ARCHIVE) archive?: FeedFrameArchive,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {
    this.gameMoments = new GameMoments(
      (matchId, toSeq) => {
        const payloads = archive?.framesBetween(matchId, 'broadcast', 1, toSeq) ?? null;
        return payloads?.map((payload) => JSON.parse(payload.toString('utf8')) as FeedFrame) ?? null;
      },
      (matchId, seq) => {
        this.logger.warn(
          `${matchId}: the broadcast frames before seq ${String(seq)} are no longer all kept; its moments are folded from there`,
        );
      },
    );
    this.targets = {
      obs: (name) => bridge.instance(name),
      mirror: (obs, scene) => {
        bridge.mirrorProgram(obs, scene);
      },
      cue: (matchId, cue) => cues.cue(matchId, cue),
    };
    // Started while Nest builds the providers, so its consumer group joins beside the others'. It
    // acts on frames from onApplicationBootstrap on, as when it subscribed there: none before its
    // rules are loaded and the OBS bridge and overlay cues are up.
    this.subscribing = subscribeAtBuild(
      bus,
      (message) => {
        if (this.live) this.receive(message);
      },
      {
        audiences: ['broadcast'],
        onError: (error) => {
          this.logger.warn(`director feed delivery: ${error.message}`);
        },
      },
    );
  }

  /**
   * Reads the persisted rules. Here rather than in the constructor: a bad file then fails
   * `app.init()`/`listen()` with its message (Nest aborts the process on a constructor error).
   */
  onModuleInit(): void {
    this.settings = this.store.load();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (startsAtBoot(this.mode)) await this.startSingleton();
  }

  /** Acts on broadcast frames from now on: a control standby acts on none (only the holder drives OBS). */
  async startSingleton(): Promise<void> {
    if (this.live) return;
    // The rules as saved last, by whichever control process the producer addressed.
    if (!startsAtBoot(this.mode)) this.settings = this.store.load();
    this.live = true;
    await this.subscribing;
    this.timer = setInterval(() => {
      this.tick();
    }, TICK_MS);
    this.timer.unref();
    if (this.obsNames().length === 0) {
      // Said once here, not per deal: with no OBS the rules that drive OBS are idle (neither run
      // nor logged as failing at each deal); the director still cues the overlay pages.
      this.logger.log(
        "no OBS is configured (OBS_INSTANCES is unset): the director's OBS rules are idle; it cues overlay pages only",
      );
    }
  }

  async stopSingleton(): Promise<void> {
    this.live = false;
    clearInterval(this.timer);
    await this.queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSingleton();
    await closeSubscribedAtBuild(this.subscribing);
    await this.queue;
  }

  status(): DirectorStatus {
    return { ...this.settings, log: [...this.entries] };
  }

  /**
   * `listener` is told of each broadcast frame from now on, with the moments it released: the
   * producer's proposals to cut to another table read the same released facts the rules do.
   */
  onReleased(listener: ReleasedListener): () => void {
    this.releasedListeners.add(listener);
    return () => this.releasedListeners.delete(listener);
  }

  setRules(rules: readonly DirectorRule[], minSceneDwellMs?: number): DirectorStatus {
    this.update({
      ...this.settings,
      rules: [...rules],
      minSceneDwellMs: minSceneDwellMs ?? this.settings.minSceneDwellMs,
    });
    return this.status();
  }

  setEnabled(enabled: boolean): DirectorStatus {
    this.update({ ...this.settings, enabled });
    return this.status();
  }

  /** Persisted first: settings the API confirmed are the ones a restart comes back with. */
  private update(settings: DirectorSettings): void {
    this.store.save(settings);
    this.settings = settings;
  }

  /** The bus handler: synchronous and never throwing, so the feed is never held up or broken. */
  private receive(message: BusMessage): void {
    try {
      // The producer's own frame object when it published in this process, else the bytes parsed.
      const frame = decodeFrame(message.payload);
      const ctx = this.context();
      this.state = observePrograms(this.state, this.obsNames(), ctx);
      const moments = this.momentsOf(frame, ctx.now);
      for (const moment of moments) {
        const step = reactToMoment(this.state, this.settings, moment, ctx);
        this.state = step.state;
        this.carryOut(step.decisions);
      }
      for (const listener of this.releasedListeners) listener(frame, moments, ctx.now);
    } catch (error) {
      this.logger.error(
        `director could not handle a feed frame: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * Guandan's moments come with its feed view; every other game's from its module over the released
   * events. A game's moment the rules cannot name yet (a rocket, a spring) is noted and goes no further.
   */
  private momentsOf(frame: DirectorFrame, now: number): DetectedMoment[] {
    if (GameMoments.gameOf(frame) === null) return momentsReleasedBy(frame, now);
    const out: DetectedMoment[] = [];
    for (const found of this.gameMoments.releasedBy(frame, now)) {
      this.gameMomentsSeen += 1;
      const moment = asDirectorMoment(found.kind);
      const detail = `${found.game} ${found.kind}${found.seat === null ? '' : ` by seat ${found.seat}`}${found.rule === null ? '' : ` (${found.rule})`}`;
      if (moment === null) {
        this.logger.debug(`${found.matchId}: ${detail} released (no director rule names it)`);
        continue;
      }
      out.push({
        matchId: found.matchId,
        moment,
        revision: found.revision,
        recordedAt: found.recordedAt,
        detail,
        part: logPart('gameMoment', {
          game: found.game,
          kind: found.kind,
          seat: found.seat,
          rule: found.rule,
        }),
      });
    }
    return out;
  }

  private tick(): void {
    try {
      const ctx = this.context();
      this.state = observePrograms(this.state, this.obsNames(), ctx);
      const step = dueReturns(this.state, this.settings, ctx);
      this.state = step.state;
      this.carryOut(step.decisions);
    } catch (error) {
      this.logger.error(`director tick: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private carryOut(decisions: readonly DirectorDecision[]): void {
    for (const decision of decisions) {
      const { command } = decision;
      if (command === null) {
        this.record(decision, decision.outcome, decision.detail, decision.parts);
        continue;
      }
      // No OBS configured: its rules are idle, said once at boot and on the dashboard.
      if (command.type !== 'showMoment' && this.obsNames().length === 0) continue;
      this.queue = this.queue.then(async () => {
        const obs = command.type === 'showMoment' ? null : command.obs;
        try {
          const note = await executeDirectorCommand(command, this.targets);
          if (obs !== null) this.state = commandDone(this.state, obs);
          this.record(decision, 'acted', `${decision.detail} — ${note.text}`, [...decision.parts, note.part]);
        } catch (error) {
          if (obs !== null) this.state = commandFailed(this.state, obs);
          this.state = actionFailed(this.state, decision);
          const reason = error instanceof Error ? error.message : String(error);
          // The director's own refusals carry their code; OBS's and the bridge's come as they were said.
          const failure = error instanceof DirectorActionError ? error.part : logPart('failed', { reason });
          this.record(decision, 'failed', `${decision.detail} — failed: ${reason}`, [
            ...decision.parts,
            failure,
          ]);
          const message = `director rule ${decision.ruleId} failed: ${reason}`;
          // Failures that only restate the setup (no OBS configured, no page of that match open)
          // stay in the director's log; a warning is for an OBS or a page that let us down.
          if (this.isSetupAbsence(error)) this.logger.debug(message);
          else this.logger.warn(message);
        }
      });
    }
  }

  private record(
    decision: DirectorDecision,
    outcome: DirectorLogEntry['outcome'],
    detail: string,
    parts: readonly DirectorLogPart[],
  ): void {
    this.entries.unshift({
      at: new Date(decision.at).toISOString(),
      matchId: decision.matchId,
      moment: decision.moment,
      ruleId: decision.ruleId,
      outcome,
      detail,
      parts,
    });
    if (this.entries.length > LOG_SIZE) this.entries.length = LOG_SIZE;
  }

  /** No OBS configured at all, or no overlay page of the match open: not a fault. */
  private isSetupAbsence(error: unknown): boolean {
    if (error instanceof NoPageConnectedError) return true;
    return error instanceof UnknownObsInstanceError && this.obsNames().length === 0;
  }

  private obsNames(): string[] {
    return this.bridge.status().map((instance) => instance.name);
  }

  private context(): DirectorContext {
    const names = this.obsNames();
    return {
      now: this.clock.now(),
      // The bridge's own default: `main`, or the only instance configured.
      defaultObs: names.length === 1 ? (names[0] ?? 'main') : 'main',
      programOf: (obs) => this.bridge.status().find((i) => i.name === obs)?.scenes?.programScene ?? null,
      // The collection scene setup made says what its overlays follow (final-scenes.plan.ts).
      matchOn: (obs) =>
        matchOnObs(this.bridge.status().find((i) => i.name === obs)?.scenes?.sceneCollection, this.follow),
    };
  }
}
