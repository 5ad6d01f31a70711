import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type {
  ProgramTableLive,
  ProgramTableView,
  ProgramView,
  TournamentFeedFrame,
} from '@tablecast/protocol';
import { FEED_READS } from '../broadcast/broadcast.tokens';
import type { DirectorFrame } from '../broadcast/director-frame';
import type { FeedReads } from '../broadcast/feed-reads';
import { CLOCK, type Clock } from '../clock/clock';
import type { DetectedMoment } from '../director/director-moments';
import { DirectorService } from '../director/director.service';
import { ProposalBook, ReleasedMatchEnds, proposable } from '../director/program-proposals';
import { RequestValidationError } from '../errors';
import { TableFollow } from '../follow/table-follow.service';
import { ProjectionRunner } from '../projections/projection-runner.service';
import { TournamentFeed } from '../tournaments/feed/tournament-feed.service';
import { VenueTables } from '../tournaments/feed/venue-tables.service';
import { delayClockOf } from './delay-clock';
import { FeedWatch } from './feed-watch.service';
import {
  ProgramTableNotFoundError,
  ProgramTournamentNotFoundError,
  ProposalNotFoundError,
} from './program.errors';
import { everyTable, roundTables, type ProgramTable } from './program-tables';

type Send = (program: ProgramView) => void;

/**
 * The producer's program with several tables: the table on air (the follow's program table, so
 * every `onair=1` page moves with it), the table in preview, the round's tables with their venue
 * data and delay clocks, and the auto-director's proposals. Kept in memory, as the program table
 * is: a restart starts with nothing on air. Proposals come from the director's released moments
 * (the broadcast feed, after its delay), never from the table: a proposal tells the producer
 * nothing the broadcast audience has not been shown.
 */
@Injectable()
export class ProgramService implements OnApplicationBootstrap, OnModuleDestroy {
  private preview: string | null = null;
  private tournamentId: string | null = null;
  private round: { round: number | null; tables: ProgramTable[] } = { round: null, tables: [] };
  private readonly book = new ProposalBook();
  private readonly ends = new ReleasedMatchEnds();
  /** Each dashboard, with the program it was last sent (to send only a change). */
  private readonly watchers = new Map<object, { readonly send: Send; last: string }>();
  private readonly stops: (() => void)[] = [];
  /** The key this service watches the tournament feed under. */
  private readonly feedKey = {};
  private pushDue: NodeJS.Immediate | undefined;

  constructor(
    private readonly follow: TableFollow,
    private readonly director: DirectorService,
    private readonly venue: VenueTables,
    private readonly tournaments: TournamentFeed,
    private readonly feeds: FeedWatch,
    @Inject(FEED_READS) private readonly feedReads: FeedReads,
    private readonly projections: ProjectionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.stops.push(
      this.director.onReleased((frame, moments, now) => {
        this.released(frame, moments, now);
      }),
      this.venue.onFrame(() => {
        this.schedule();
      }),
      this.projections.onUpdate(() => {
        this.schedule();
      }),
      this.follow.onProgramChange((table) => {
        if (table !== null) this.book.dropTable(table);
        this.schedule();
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    if (this.pushDue !== undefined) clearImmediate(this.pushDue);
    this.watchers.clear();
    await this.tournaments.unwatch(this.feedKey);
  }

  view(): ProgramView {
    const onAir = this.follow.programTable;
    return {
      onAir,
      preview: this.preview,
      tournamentId: this.tournamentId,
      round: this.round.round,
      tables: this.tables().map((t) => this.tableView(t, onAir)),
      proposals: this.book.all,
    };
  }

  /** `key` (a dashboard's socket) is sent the program now and at each change. */
  watch(key: object, send: Send): void {
    const view = this.view();
    this.watchers.set(key, { send, last: JSON.stringify(view) });
    send(view);
  }

  unwatch(key: object): void {
    this.watchers.delete(key);
  }

  setPreview(table: string | null): ProgramView {
    if (table !== null) this.tableOf('table', table);
    this.preview = table;
    this.schedule();
    return this.view();
  }

  /** Puts `table` (or the table in preview) on air; every page following the program moves to it. */
  take(table: string | undefined): ProgramView {
    const chosen = table ?? this.preview;
    if (chosen === null)
      throw new RequestValidationError([
        { path: 'table', message: 'give a table, or preview one first: nothing is in preview' },
      ]);
    this.tableOf(table === undefined ? 'preview' : 'table', chosen);
    if (this.preview === chosen) this.preview = null;
    this.follow.setProgramTable(chosen);
    return this.view();
  }

  takeProposal(id: string): ProgramView {
    const proposal = this.book.find(id);
    if (proposal === undefined) throw new ProposalNotFoundError(id);
    return this.take(proposal.table);
  }

  dismissProposal(id: string): ProgramView {
    if (!this.book.dismiss(id)) throw new ProposalNotFoundError(id);
    this.schedule();
    return this.view();
  }

  /** Lists the round's tables of `tournamentId` from now on (null: every table with a match). */
  async setTournament(tournamentId: string | null): Promise<ProgramView> {
    if (tournamentId === null) {
      await this.tournaments.unwatch(this.feedKey);
      this.tournamentId = null;
      this.round = { round: null, tables: [] };
    } else {
      const found = await this.tournaments.watch(this.feedKey, tournamentId, (text) => {
        const frame = JSON.parse(text) as TournamentFeedFrame;
        this.round = roundTables(frame.view);
        this.schedule();
      });
      if (!found) throw new ProgramTournamentNotFoundError(tournamentId);
      this.tournamentId = tournamentId;
    }
    // A table in preview that the new list does not have is no longer on the desk.
    if (this.preview !== null && !this.tables().some((t) => t.table === this.preview)) this.preview = null;
    this.schedule();
    return this.view();
  }

  private tables(): ProgramTable[] {
    return this.tournamentId === null ? everyTable(this.follow.tablesNow()) : this.round.tables;
  }

  /**
   * The program's table where `matchId` is played now: the round's, or without a tournament its own
   * table while it is the match there. Looked up alone, not by listing every table: a bomb at one
   * of 200 tables made the whole list each time (the match list read twice, every model, a sort).
   */
  private tableOfMatch(matchId: string): ProgramTable | undefined {
    if (this.tournamentId !== null) return this.round.tables.find((t) => t.matchId === matchId);
    const table = this.follow.tableOf(matchId);
    return table === null ? undefined : { table, number: null, matchId };
  }

  private tableOf(field: string, table: string): ProgramTable {
    const tables = this.tables();
    const found = tables.find((t) => t.table === table);
    if (found === undefined)
      throw new ProgramTableNotFoundError(
        field,
        table,
        tables.map((t) => t.table),
      );
    return found;
  }

  private tableView(table: ProgramTable, onAir: string | null): ProgramTableView {
    const { frame, releasedUpTo } = this.feeds.latestBroadcast(table.matchId);
    const live = this.venue.liveOf(table.matchId);
    return {
      table: table.table,
      number: table.number,
      matchId: table.matchId,
      live: live === null ? null : liveData(live),
      delay: delayClockOf(table.matchId, frame, this.feedReads.delayOf(table.matchId), releasedUpTo),
      onAir: table.table === onAir,
      preview: table.table === this.preview,
    };
  }

  /** A broadcast frame the director read: its moments (and a match's end) may make a proposal. */
  private released(frame: DirectorFrame, moments: readonly DetectedMoment[], now: number): void {
    const candidates = proposable(moments);
    const end = this.ends.releasedBy(frame, now);
    if (end !== null) candidates.push(end);
    if (candidates.length > 0) {
      const at = this.tableOfMatch(frame.matchId);
      // A match at no table of the program (an earlier round, a test table) proposes nothing.
      if (at !== undefined) {
        const releasedAt = new Date(this.clock.now()).toISOString();
        for (const candidate of candidates)
          this.book.offer(candidate, at, this.follow.programTable, releasedAt);
      }
    }
    // Its delay clock may have moved too (building, live, behind).
    this.schedule();
  }

  /** The changes of one tick arrive together: one frame for all of them, none when nothing changed. */
  private schedule(): void {
    if (this.watchers.size === 0) return;
    this.pushDue ??= setImmediate(() => {
      this.pushDue = undefined;
      this.push();
    });
  }

  private push(): void {
    const view = this.view();
    const text = JSON.stringify(view);
    for (const watcher of this.watchers.values()) {
      if (watcher.last === text) continue;
      watcher.last = text;
      watcher.send(view);
    }
  }
}

function liveData(live: NonNullable<ReturnType<VenueTables['liveOf']>>): ProgramTableLive {
  return { status: live.status, played: live.played, score: live.score, asOf: live.asOf };
}
