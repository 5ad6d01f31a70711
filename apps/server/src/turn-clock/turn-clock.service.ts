import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import type { RecordedEvent, Subscription } from '@tablecast/event-store';
import { matchStream, parseStreamName, type TablecastEvent } from '@tablecast/events';
import { gameOfMatch, type GameCommand } from '@tablecast/game-kit';
import type { TurnClockRefusalView } from '@tablecast/protocol';
import { gameModule, isGameId } from '@tablecast/games';
import { Counter } from 'prom-client';
import type { SystemPrincipal } from '../auth/roles';
import { CLOCK, type Clock } from '../clock/clock';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { readLiveMatches } from '../event-store/live-matches';
import { MatchCommandService } from '../matches/match-command.service';
import { ownWriteBackoffMs, ownWriteRefusal, type OwnWriteRefusal } from '../matches/own-write-refusal';
import { MetricsService } from '../metrics/metrics.service';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';
import { RefusedDefaults } from './refused-defaults';

/**
 * Who the clock's defaults are recorded as: the software keeping time for the table (DDZ-GEN-2), a
 * `system` actor, never a person; only it may send a command with a `timeout`.
 */
export const TURN_CLOCK_ACTOR: SystemPrincipal = { role: 'system', table: null, actorId: 'turn-clock' };

/** setTimeout's longest delay; a later deadline is re-armed when that one fires. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * What happened when a clock ran out: its default recorded, refused as stale (a move came first),
 * refused for good (a rule, a lost lease, an invalid event: logged as an error and counted on
 * /metrics), not taken by the log and tried again shortly (`retrying`), or nothing armed.
 */
export type Expiry = 'recorded' | 'stale' | 'failed' | 'retrying' | 'idle';

/** The /metrics counter of defaults refused for good, by game, rule ID (if a rule refused it) and reason. */
export const DEFAULTS_REFUSED_METRIC = 'tablecast_turn_clock_defaults_refused_total';

interface Armed {
  readonly game: string;
  /** The stream revision the clock timed: its default is sent against it. */
  readonly revision: number;
  readonly deadline: number;
  readonly timeout: GameCommand;
  readonly timer: NodeJS.Timeout;
  /** How often the log failed to take this default so far. */
  readonly failures: number;
}

/**
 * Turn clocks as events (DDZ-GEN-2, DDZ-BID-6, DDZ-DBL-1/2, DDZ-PLAY-6): watches the match streams
 * and, for a game whose module has a `turnClock`, keeps one timer per match at the clock's
 * deadline (from the recorded time of the choice that started the turn). When it runs out, the
 * module's default is sent through the command path at the revision it timed; a move recorded
 * first makes it a 409, which is the normal outcome and is not retried. A default the log did not
 * take (busy past its wait, unavailable, an I/O error) is sent again after a short backoff, for
 * an unattended table would otherwise wait on a clock that already ran out until its next event.
 * A default refused for good (a rule, a fenced lease, an invalid event) is not: the same answer
 * would come back. It is logged as an error naming the match and the rule ID, and counted on
 * /metrics (DEFAULTS_REFUSED_METRIC), for no one at the table will. A restarted server re-arms
 * every running clock from the streams of the matches still being played (finished ones have no
 * turn to time), then follows the log from its end.
 */
@Injectable()
export class TurnClockService implements OnApplicationBootstrap, OnApplicationShutdown, Singleton {
  private readonly logger = new Logger(TurnClockService.name);
  /** Matches whose game times its turns. */
  private readonly timed = new Set<string>();
  private readonly armed = new Map<string, Armed>();
  /** Matches to check, each with the latest revision seen on the log. */
  private readonly dirty = new Map<string, number>();
  private checkScheduled = false;
  private checking: Promise<void> = Promise.resolve();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** Events looked at since boot (a restart looks at the live matches' first events, not the log). */
  eventsNoticed = 0;
  private readonly refused: Counter<'game' | 'rule' | 'reason'> | undefined;
  /** The same refusals by match, for the producer dashboard (`refusedDefaults`). */
  private readonly refusedByMatch = new RefusedDefaults();

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly commands: MatchCommandService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
    // Absent in tests that build the clock's module alone.
    @Optional() @Inject(MetricsService) metrics?: MetricsService,
  ) {
    this.refused =
      metrics === undefined
        ? undefined
        : new Counter({
            name: DEFAULTS_REFUSED_METRIC,
            help: "Turn clock defaults refused for good and not sent again (a rule, a fenced lease, an invalid event): a table waiting on a clock that ran out until its next event. 'rule' is the rule ID when a rule refused it.",
            labelNames: ['game', 'rule', 'reason'],
            registers: [metrics.registry],
          });
  }

  onApplicationBootstrap(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSingleton();
  }

  /** Arms the running clocks from the log (a standby arms none: only the holder sends defaults). */
  startSingleton(): void {
    if (this.closed || this.running !== undefined) return;
    this.running = this.follow();
  }

  /**
   * Only a match still being played can have a running clock: those are read by stream (their
   * first event says whether the game times turns) and checked once, and the log is followed from
   * its end as it stood then. A log that cannot list its live matches is followed from its start.
   */
  private async follow(): Promise<void> {
    let live;
    try {
      live = await readLiveMatches(this.store);
    } catch (error) {
      this.logger.error(`turn clock could not read the live matches: ${String(error)}`);
      return;
    }
    for (const matchId of live?.matchIds ?? []) {
      if (this.closed) return;
      try {
        const [first] = await this.store.readStream(matchStream(matchId), { maxCount: 1 });
        if (first !== undefined) this.noticed(first);
      } catch (error) {
        this.logger.error(`turn clock of ${matchId} not re-armed: ${String(error)}`);
      }
    }
    if (this.closed) return;
    const subscription = this.store.subscribeToAll({
      fromPosition: live === undefined ? 'start' : (live.head ?? 'start'),
      filter: { streamPrefixes: ['match-'] },
    });
    this.subscription = subscription;
    await this.consume(subscription);
  }

  async stopSingleton(): Promise<void> {
    this.closed = true;
    for (const armed of this.armed.values()) clearTimeout(armed.timer);
    this.armed.clear();
    await this.subscription?.close();
    await this.running;
    await this.checking;
  }

  /** The stream revision the running clock of `matchId` timed, or null when none is armed. */
  armedAt(matchId: string): number | null {
    return this.armed.get(matchId)?.revision ?? null;
  }

  /** Whether this process keeps the turn clocks (the singleton's holder), so knows their refusals. */
  get keepsClocks(): boolean {
    return this.running !== undefined && !this.closed;
  }

  /**
   * Every match whose default was refused for good since this server started, the latest first,
   * with whether its table still waits: what the producer dashboard shows (ProducerState.turnClock).
   */
  refusedDefaults(): readonly TurnClockRefusalView[] {
    return this.refusedByMatch.list();
  }

  /**
   * Runs the clock of `matchId` out now (its timer does this at the deadline): sends the default
   * at the revision it timed. A move recorded first answers 409, logged at debug and not retried;
   * a default the log failed to take is armed again to be sent after a backoff; one refused for
   * good is reported (`refusedForGood`).
   */
  async expire(matchId: string): Promise<Expiry> {
    const armed = this.armed.get(matchId);
    if (armed === undefined) return 'idle';
    clearTimeout(armed.timer);
    this.armed.delete(matchId);
    try {
      await this.commands.execute(
        matchId,
        {
          game: armed.game,
          revision: armed.revision,
          // One default per timed revision: a retry (or a second server) gets the first answer.
          idempotencyKey: `turn-clock:${String(armed.revision)}`,
          command: armed.timeout,
        },
        TURN_CLOCK_ACTOR,
      );
      return 'recorded';
    } catch (error) {
      const refusal = ownWriteRefusal(error);
      if (refusal.kind === 'stale') {
        this.logger.debug(
          `turn clock of ${matchId} at revision ${String(armed.revision)}: a move came first`,
        );
        return 'stale';
      }
      if (refusal.kind === 'temporary') {
        if (this.closed) return 'failed';
        const delay = this.retryLater(matchId, armed);
        this.logger.warn(
          `turn clock of ${matchId} at revision ${String(armed.revision)}: the log did not take the default (${String(error)}); trying again in ${String(delay)} ms`,
        );
        return 'retrying';
      }
      this.refusedForGood(matchId, armed, refusal, error);
      return 'failed';
    }
  }

  /**
   * A default that will not be sent again: an error naming the match, the turn's rule and the
   * refusing rule ID (an operator must look: the table waits on a clock that ran out until its
   * next event), and a count on /metrics. A fenced lease is the handover to another holder, which
   * re-arms the clock itself: a warning.
   */
  private refusedForGood(
    matchId: string,
    armed: Armed,
    refusal: Exclude<OwnWriteRefusal, { kind: 'stale' | 'temporary' }>,
    error: unknown,
  ): void {
    const rule = refusal.kind === 'rule' ? refusal.rule : '';
    const reason = refusal.kind === 'rule' ? 'ruleViolation' : refusal.reason;
    this.refused?.inc({ game: armed.game, rule, reason });
    // A fenced lease hands the clock to the next holder, which re-arms it: no table waits on this one.
    if (reason !== 'leaseFenced')
      this.refusedByMatch.refused(
        matchId,
        {
          game: armed.game,
          revision: armed.revision,
          command: armed.timeout.type,
          rule: rule === '' ? null : rule,
          reason,
        },
        this.clock.now(),
      );
    const message = `turn clock of ${matchId} at revision ${String(armed.revision)}: the default ${armed.timeout.type} was refused${rule === '' ? ` (${reason})` : ` by rule ${rule}`} and is not sent again; the table waits until its next event: ${String(error)}`;
    if (reason === 'leaseFenced') this.logger.warn(message);
    else this.logger.error(message);
  }

  /**
   * Arms the same default again after a backoff, unless the match was re-armed meanwhile (an event
   * arrived while the default was being refused: the clock of that revision stands).
   */
  private retryLater(matchId: string, armed: Armed): number {
    const failures = armed.failures + 1;
    const delay = ownWriteBackoffMs(failures);
    if (this.armed.has(matchId)) return delay;
    const timer = setTimeout(() => {
      void this.ranOut(matchId);
    }, delay);
    // The clock already ran out (or was run out): the retry waits for the backoff only.
    this.armed.set(matchId, {
      ...armed,
      deadline: Math.min(armed.deadline, this.clock.now()),
      timer,
      failures,
    });
    return delay;
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) this.noticed(event);
    } catch (error) {
      if (!this.closed) this.logger.error(`turn clock subscription failed: ${String(error)}`);
    }
  }

  private noticed(event: RecordedEvent<TablecastEvent>): void {
    this.eventsNoticed += 1;
    const stream = parseStreamName(event.stream);
    if (stream?.kind !== 'match') return;
    if (event.revision === 0 && timesTurns(event)) this.timed.add(stream.id);
    if (!this.timed.has(stream.id)) return;
    this.refusedByMatch.moved(stream.id, event.revision);
    this.dirty.set(stream.id, Math.max(event.revision, this.dirty.get(stream.id) ?? -1));
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    // After the events already queued in the subscription: a burst (a catch-up) is one check per match.
    setImmediate(() => {
      this.checkScheduled = false;
      this.checking = this.checking.then(() => this.checkDirty());
    });
  }

  private async checkDirty(): Promise<void> {
    const matches = [...this.dirty];
    this.dirty.clear();
    for (const [matchId, seen] of matches) {
      if (this.closed) return;
      try {
        await this.rearm(matchId, seen);
      } catch (error) {
        this.logger.warn(`turn clock of ${matchId}: ${String(error)}`);
      }
    }
  }

  /**
   * Arms the match's running clock at its deadline, against the match's current revision: at
   * least the one just seen, for in a control process the moves come from the api processes on the
   * shared log, and the command service's cached match knows only what this process appended.
   */
  private async rearm(matchId: string, seen: number): Promise<void> {
    const match = await this.commands.read(matchId, seen);
    if (this.closed) return;
    const due = match.module.turnClock?.(match.state) ?? null;
    const current = this.armed.get(matchId);
    if (current?.revision === match.revision) return;
    if (current !== undefined) clearTimeout(current.timer);
    this.armed.delete(matchId);
    if (due === null) return;
    // A log written before choices recorded their time: the turn runs from now.
    const deadline = due.deadline ?? this.clock.now() + due.seconds * 1000;
    this.armed.set(matchId, {
      game: match.game,
      revision: match.revision,
      deadline,
      timeout: due.timeout,
      timer: this.timerUntil(matchId, deadline),
      failures: 0,
    });
  }

  private timerUntil(matchId: string, deadline: number): NodeJS.Timeout {
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, deadline - this.clock.now()));
    return setTimeout(() => {
      void this.ranOut(matchId);
    }, delay);
  }

  /** A timer fired: never before the deadline (timers may fire a little early, or a long one in parts). */
  private async ranOut(matchId: string): Promise<void> {
    const armed = this.armed.get(matchId);
    if (armed === undefined || this.closed) return;
    if (this.clock.now() < armed.deadline) {
      this.armed.set(matchId, { ...armed, timer: this.timerUntil(matchId, armed.deadline) });
      return;
    }
    await this.expire(matchId);
  }
}

/** Whether a match stream's first event creates a match of a game whose module times its turns. */
function timesTurns(first: TablecastEvent): boolean {
  const game = gameOfMatch(first);
  return game !== undefined && isGameId(game) && gameModule(game).turnClock !== undefined;
}
