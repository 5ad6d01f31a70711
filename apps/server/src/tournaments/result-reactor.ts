import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Optional,
} from '@nestjs/common';
import {
  parsePosition,
  positionToString,
  type RecordedEvent,
  type Subscription,
} from '@tablecast/event-store';
import { gameEventType, matchStream, parseStreamName, type TablecastEvent } from '@tablecast/events';
import {
  extendFold,
  foldMatch,
  gameOfMatch,
  needsRefold,
  type AnyGameModule,
  type MatchResult,
} from '@tablecast/game-kit';
import { gameModule } from '@tablecast/games';
import { isDuplicateGame } from '@tablecast/tournament';
import type { Principal } from '../auth/roles';
import { APP_CONFIG, eventLogDir, type AppConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { RuleViolationError } from '../matches/match.errors';
import { KnockoutGameTables } from './knockout-game-tables';
import { readResultCheckpoint, writeResultCheckpoint } from './result-checkpoint';
import { TournamentConflictError } from './tournament.errors';
import { RoundSeedRelease } from './round-seed-release';
import { TournamentService } from './tournament.service';
import {
  SINGLETON_MODE,
  startsAtBoot,
  type Singleton,
  type SingletonMode,
} from '../singletons/singleton-mode';

/** Who records a result the game module reported: the platform, on the tournament's behalf. */
export const RESULTS_PRINCIPAL: Principal = { role: 'arbiter', table: null, actorId: 'tournament:results' };

/** How often a result is tried again when another writer moved the tournament stream meanwhile. */
const CONFLICT_RETRIES = 20;

/** The refusal of a second result for one pairing: the result is recorded already (TRN-SWISS-9). */
const RECORDED_RULE = 'TRN-SWISS-9';

/** A match at a tournament table, folded by its game's module as the log delivers its events. */
interface Followed {
  readonly tournamentId: string;
  folded?: {
    readonly module: AnyGameModule;
    readonly game: string;
    /** Folded up to `revision`; for a game with an ending event, up to the stream's read only. */
    state: unknown;
    /** The last revision delivered. */
    revision: number;
    /** The result its ending event carried (a game with one: `GameModule.endingEvent`). */
    ended?: MatchResult | null;
  };
}

/**
 * Records a tournament table's result when its match ends (the game module's `result`, whatever the
 * game), through the tournament's decider (RecordGameResult). It follows the log as the projection
 * runner does: the tournament streams say which match is at which table (MatchAssigned), the match
 * streams how each such match moves. A followed match is folded once, through the game kit's fold:
 * its stream is read when it is assigned (its first events came before), then extended with each
 * event the log delivers; it is read again only when a correction retracts events. A game whose
 * ending event carries its result (Guandan's MatchEnded) is not extended: only that event is
 * looked at. A recorded match is no longer followed.
 *
 * It resumes from a checkpoint (the log position looked at, and the assigned matches still without
 * a result), written whenever it has nothing left to do: a restart reads neither the log from its
 * start nor any match already recorded. Recording stays idempotent: a pairing with a result is
 * refused a second (TRN-SWISS-9) and left alone, so reading part of the log again after a crash
 * records nothing twice.
 */
@Injectable()
export class TournamentResultReactor implements OnApplicationBootstrap, OnApplicationShutdown, Singleton {
  private readonly logger = new Logger('TournamentResults');
  /** Match id → the tournament whose table plays it, while its result is not recorded. */
  private readonly followed = new Map<string, Followed>();
  /** Matches to look at, with the last revision the log has shown of each. */
  private readonly moved = new Map<string, number>();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private consuming: Promise<void> | undefined;
  private working: Promise<void> | null = null;
  private closed = false;
  private readonly idleWaiters: (() => void)[] = [];
  /** The position of the last event seen, and the one last written as the checkpoint. */
  private seen: string | undefined;
  /** Whether the matches followed changed since the checkpoint was written. */
  private dirty = false;
  /** Where this run resumed the log ('start' without a checkpoint). */
  resumedFrom = 'start';
  /** Match streams read (each followed match once, unless a correction retracts events). */
  matchReads = 0;
  private readonly checkpointDir: string;

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tournaments: TournamentService,
    private readonly knockoutGames: KnockoutGameTables,
    private readonly seeds: RoundSeedRelease,
    @Optional() @Inject(SINGLETON_MODE) private readonly mode?: SingletonMode,
  ) {
    // Beside the shared log when there is one: a control process that takes over continues from
    // the checkpoint the former holder wrote.
    this.checkpointDir = eventLogDir(config);
  }

  onApplicationBootstrap(): void {
    if (startsAtBoot(this.mode)) this.startSingleton();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stopSingleton();
  }

  startSingleton(): void {
    if (this.closed || this.subscription !== undefined) return;
    const checkpoint = readResultCheckpoint(this.checkpointDir);
    if (checkpoint !== undefined) {
      this.resumedFrom = checkpoint.position;
      this.seen = checkpoint.position;
      for (const [matchId, tournamentId] of Object.entries(checkpoint.open)) {
        this.followed.set(matchId, { tournamentId });
        // It may have ended while the server was down, with no event after the checkpoint.
        this.note(matchId, -1);
      }
    }
    const subscription = this.store.subscribeToAll({
      fromPosition: checkpoint === undefined ? 'start' : parsePosition(checkpoint.position),
    });
    this.subscription = subscription;
    this.consuming = this.consume(subscription);
  }

  /**
   * Every checkpoint written is whole (a position and the matches open at it), so a former holder's
   * last one, even written after the next holder's, only makes a later run read part of the log again.
   */
  async stopSingleton(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscription?.close();
    await this.consuming;
    await this.working;
    // Everything seen has been looked at only when nothing is left to do.
    // Written whenever the log moved on, tournament or not: the next boot resumes after it
    // instead of reading every match ever played from the log's start.
    if (this.moved.size === 0 && this.working === null && (this.dirty || this.seen !== this.resumedFrom))
      this.save();
  }

  /** Resolves once every match seen so far has been looked at (tests wait on it, not on time). */
  settled(): Promise<void> {
    if (this.working === null && this.moved.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async consume(subscription: Subscription<RecordedEvent<TablecastEvent>>): Promise<void> {
    try {
      for await (const event of subscription) this.see(event);
    } catch (error) {
      if (!this.closed)
        this.logger.error(
          `result subscription failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    }
  }

  private see(event: RecordedEvent<TablecastEvent>): void {
    this.seen = positionToString(event.position);
    const stream = parseStreamName(event.stream);
    if (stream?.kind === 'tournament' && event.type === 'MatchAssigned') {
      const { matchId } = event.data as { matchId: string };
      this.followed.set(matchId, { tournamentId: stream.id });
      this.dirty = true;
      // Its first events (MatchCreated at least) came before its assignment: read it once.
      this.note(matchId, -1);
      return;
    }
    if (stream?.kind !== 'match') return;
    const followed = this.followed.get(stream.id);
    if (followed === undefined) return;
    const folded = followed.folded;
    if (folded !== undefined && event.revision === folded.revision + 1 && !needsRefold([event])) {
      const type = gameEventType(folded.game, event.type);
      folded.revision = event.revision;
      const ending = folded.module.endingEvent;
      if (ending !== undefined) {
        // Only the event that ends the match says anything of its result: the others are not
        // folded, nor their data read.
        if (type !== ending.type) return;
        folded.ended = ending.result({ type, data: event.data });
      } else folded.state = extendFold(folded.module, folded.state, [{ ...event, type }]);
    } else if (folded === undefined || event.revision > folded.revision) {
      // A gap, or a correction that retracts events: the stream is folded again from its start.
      followed.folded = undefined;
    }
    this.note(stream.id, event.revision);
  }

  private note(matchId: string, revision: number): void {
    this.moved.set(matchId, Math.max(revision, this.moved.get(matchId) ?? -1));
    this.kick();
  }

  private kick(): void {
    if (this.working !== null) return;
    this.working = this.work().finally(() => {
      this.working = null;
      if (this.moved.size > 0 && !this.closed) this.kick();
      else {
        // Written when a match was assigned or recorded (not per move): a crash re-reads a little.
        if (!this.closed && this.dirty) this.save();
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    });
  }

  private async work(): Promise<void> {
    // Let the subscription deliver what it has queued first: one look per match per batch.
    await new Promise((resolve) => setImmediate(resolve));
    for (const [matchId, revision] of this.moved) {
      if (this.closed) return;
      // A Map iterates entries added while it runs: a match moving again is looked at again.
      this.moved.delete(matchId);
      const followed = this.followed.get(matchId);
      if (followed === undefined) continue;
      try {
        await this.settle(matchId, followed, revision);
      } catch (error) {
        this.logger.error(
          `tournament ${followed.tournamentId}, match ${matchId}: the result was not recorded: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
    }
  }

  private async settle(matchId: string, followed: Followed, revision: number): Promise<void> {
    const folded = await this.fold(matchId, followed, revision);
    // An assigned match with no stream yet: a best-of round's next game, created here (TRN-KO-5 (b)).
    if (folded === undefined) {
      await this.knockoutGames.createIfAssigned(followed.tournamentId, matchId);
      return;
    }
    const result = folded.ended ?? folded.module.result(folded.state);
    if (result === null) return;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.tournaments.run(
          followed.tournamentId,
          [{ type: 'RecordGameResult', matchId, result }],
          RESULTS_PRINCIPAL,
          undefined,
          // TRN-MP-1: the last table of a duplicate board set recorded, its seed is released for
          // audit in the same write.
          isDuplicateGame(folded.game) ? (state) => this.seeds.releasesDue(state) : undefined,
        );
        break;
      } catch (error) {
        // Recorded before (a restart re-read part of the log): nothing to do.
        if (error instanceof RuleViolationError && error.rule === RECORDED_RULE) break;
        // Another writer moved the stream between the read and the append: decide again.
        if (error instanceof TournamentConflictError && error.rule === null && attempt < CONFLICT_RETRIES)
          continue;
        throw error;
      }
    }
    this.followed.delete(matchId);
    this.dirty = true;
  }

  /** The match's fold as of at least `revision`: the one kept, or its stream read and folded once. */
  private async fold(matchId: string, followed: Followed, revision: number): Promise<Followed['folded']> {
    if (followed.folded !== undefined && followed.folded.revision >= revision) return followed.folded;
    this.matchReads += 1;
    const events = await this.store.readStream(matchStream(matchId));
    const game = gameOfMatch(events[0]);
    if (game === undefined) return undefined;
    const module = gameModule(game);
    const named = events.map((event) => ({ ...event, type: gameEventType(game, event.type) }));
    const folded = { module, game, state: foldMatch(module, named), revision: events.at(-1)?.revision ?? -1 };
    // Events the log delivered while the stream was read are in it; later ones extend it.
    if (revision <= folded.revision) followed.folded = folded;
    return folded;
  }

  private save(): void {
    if (this.seen === undefined) return;
    const open: Record<string, string> = {};
    for (const [matchId, { tournamentId }] of this.followed) open[matchId] = tournamentId;
    writeResultCheckpoint(this.checkpointDir, { position: this.seen, open });
    this.dirty = false;
  }
}
