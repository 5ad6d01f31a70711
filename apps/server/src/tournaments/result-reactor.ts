import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { RecordedEvent, Subscription } from '@tablecast/event-store';
import { matchStream, parseStreamName, type TablecastEvent } from '@tablecast/events';
import type { Principal } from '../auth/roles';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { foldMatch, type LoadedMatch } from '../matches/loaded-match';
import { TournamentConflictError } from './tournament.errors';
import { TournamentService } from './tournament.service';

/** Who records a result the game module reported: the platform, on the tournament's behalf. */
export const RESULTS_PRINCIPAL: Principal = { role: 'arbiter', table: null, actorId: 'tournament:results' };

/** How often a result is tried again when another writer moved the tournament stream meanwhile. */
const CONFLICT_RETRIES = 20;

/**
 * Records a tournament table's result when its match ends (the game module's `result`), through the
 * tournament's decider at the revision it read (RecordGameResult). It follows the whole log from
 * its start, as the projection runner does: the tournament streams say which match is at which
 * table (MatchAssigned), the match streams when a match has moved. Recording is idempotent: a
 * pairing that has a result is left alone, so reading the log again (a restart) records nothing
 * twice, and a race with another writer is decided again on the stream's new revision.
 */
@Injectable()
export class TournamentResultReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TournamentResults');
  /** Match id → the tournament whose table plays it. */
  private readonly assigned = new Map<string, string>();
  /** Matches to look at, with the last revision the log has shown of each. */
  private readonly moved = new Map<string, number>();
  private subscription: Subscription<RecordedEvent<TablecastEvent>> | undefined;
  private consuming: Promise<void> | undefined;
  private working: Promise<void> | null = null;
  private closed = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly store: AppEventStore,
    private readonly tournaments: TournamentService,
    private readonly matches: MatchCommandService,
  ) {}

  onApplicationBootstrap(): void {
    const subscription = this.store.subscribeToAll({ fromPosition: 'start' });
    this.subscription = subscription;
    this.consuming = this.consume(subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.subscription?.close();
    await this.consuming;
    await this.working;
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
    const stream = parseStreamName(event.stream);
    if (stream?.kind === 'tournament' && event.type === 'MatchAssigned') {
      const { matchId } = event.data as { matchId: string };
      this.assigned.set(matchId, stream.id);
      // The match may have ended before its assignment was written (a start cut short).
      this.note(matchId, -1);
    } else if (stream?.kind === 'match' && this.assigned.has(stream.id)) {
      this.note(stream.id, event.revision);
    }
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
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private async work(): Promise<void> {
    // Let the subscription deliver what it has queued first: one look per match per batch.
    await new Promise((resolve) => setImmediate(resolve));
    for (const [matchId, revision] of this.moved) {
      if (this.closed) return;
      // A Map iterates entries added while it runs: a match moving again is looked at again.
      this.moved.delete(matchId);
      const tournamentId = this.assigned.get(matchId);
      if (tournamentId === undefined) continue;
      try {
        await this.settle(tournamentId, matchId, revision);
      } catch (error) {
        this.logger.error(
          `tournament ${tournamentId}, match ${matchId}: the result was not recorded: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
    }
  }

  private async settle(tournamentId: string, matchId: string, revision: number): Promise<void> {
    const match = await this.current(matchId, revision);
    const result = match?.module.result(match.state) ?? null;
    if (result === null) return;
    for (let attempt = 0; ; attempt += 1) {
      const { projection } = await this.tournaments.read(tournamentId);
      const recorded = projection.state.rounds.some((round) =>
        [...round.pairings.values()].some((p) => p.matchId === matchId && round.results.has(p.match)),
      );
      if (recorded) return;
      try {
        await this.tournaments.run(
          tournamentId,
          [{ type: 'RecordGameResult', matchId, result }],
          RESULTS_PRINCIPAL,
        );
        return;
      } catch (error) {
        // Another writer moved the stream between the read and the append: read it again.
        if (error instanceof TournamentConflictError && error.rule === null && attempt < CONFLICT_RETRIES)
          continue;
        throw error;
      }
    }
  }

  /** The match as of at least `revision`: the command path's copy, or the log folded again if behind. */
  private async current(matchId: string, revision: number): Promise<LoadedMatch | undefined> {
    const cached = await this.matches.read(matchId).catch(() => undefined);
    if (cached !== undefined && cached.revision >= revision) return cached;
    return foldMatch(matchId, await this.store.readStream(matchStream(matchId)));
  }
}
