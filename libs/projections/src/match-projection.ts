import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import { gameEventType, parseStreamName, type ResultCorrected, type TablecastEvent } from '@tablecast/events';
import { foldMatch, gameOfMatch, isGameEvent, type MatchResult } from '@tablecast/game-kit';
import type { MatchNames } from '@tablecast/protocol';
import type { ProjectionDb } from './projection-db';
import type { ReadModelGame, ReadModelGames } from './read-model-game';
import { ReadModelTables, type HeadRow } from './read-model-tables';
import { StateWrites } from './state-writes';

/**
 * A match's read model, whichever its game: the module's state (every hand, for staff) and the
 * game's board (Guandan's level scoreboard; null for a game without one).
 */
/** A match as the match list names it: its id, its table and the revision its model is at. */
export interface ListedMatch {
  readonly matchId: string;
  readonly table: string;
  readonly revision: number;
}

export interface MatchReadModel<S = unknown, B = unknown> {
  readonly matchId: string;
  /** The game its MatchCreated names; the module of that game folds the state. */
  readonly game: string;
  readonly table: string;
  readonly revision: number;
  readonly position: string;
  readonly state: S;
  readonly scoreboard: B;
  /** A keying correction waiting for the referee (docs/corrections.md), or null. */
  readonly pendingCorrection: { readonly correctionId: string; readonly toRevision: number } | null;
}

export interface TimelineEntry {
  readonly revision: number;
  readonly position: string;
  readonly type: string;
  readonly recordedAt: string;
  readonly actor: { readonly id: string; readonly role: string };
  readonly data: unknown;
}

/**
 * Applies events to the match read models. Models touched since the last flush stay in memory;
 * their heads and timeline rows are written with the checkpoint in one transaction, their states
 * in such a transaction when due (state-writes.ts).
 */
export class MatchProjection {
  /** Every match seen so far (a final has a handful; each model is a few kilobytes). */
  private readonly models = new Map<string, MatchReadModel>();
  private readonly dirty = new Set<string>();
  private readonly timeline: (TimelineEntry & { matchId: string })[] = [];
  private lastPosition: string | undefined;
  private flushedPosition: string | undefined;
  private readonly tables: ReadModelTables;
  /** Names never change after MatchCreated, so each match's are read from the timeline once. */
  private readonly names = new Map<string, MatchNames>();
  private readonly stateWrites: StateWrites;

  constructor(
    private readonly db: ProjectionDb,
    private readonly games: ReadModelGames,
    /** The clock the states' writes are paced by (state-writes.ts). */
    now: () => number = Date.now,
  ) {
    this.tables = new ReadModelTables(db);
    this.stateWrites = new StateWrites(now);
  }

  /** The game of a match with a read model (its module and its board). */
  private gameOf(model: MatchReadModel): ReadModelGame {
    const game = this.games(model.game);
    if (!game) throw new Error(`match ${model.matchId}: no read model for game "${model.game}"`);
    return game;
  }

  /** The match's result as its module reads it from the state: null until it has ended. */
  resultOf(matchId: string): MatchResult | null {
    const model = this.read(matchId);
    return model ? this.gameOf(model).module.result(model.state) : null;
  }

  apply(event: RecordedEvent<TablecastEvent>): void {
    const position = positionToString(event.position);
    this.lastPosition = position;
    const stream = parseStreamName(event.stream);
    if (stream?.kind !== 'match') return;
    // Read before its row is pending: a model read from the file folds the stored rows after its state.
    const current = this.read(stream.id);
    const entry = {
      matchId: stream.id,
      revision: event.revision,
      position,
      type: event.type,
      recordedAt: event.metadata.recordedAt,
      actor: event.metadata.actor,
      data: event.data,
    };
    this.timeline.push(entry);
    const next = this.step(stream.id, current, entry);
    if (next === undefined) return;
    this.models.set(next.matchId, next);
    this.dirty.add(next.matchId);
    if (current === undefined) this.stateWrites.writeNext(next.matchId);
    else this.stateWrites.applied(next.matchId);
  }

  /**
   * The match's model after one of its events (undefined: the event makes none). The same for an
   * event the log delivers and for a timeline row read after a stored state.
   */
  private step(
    matchId: string,
    current: MatchReadModel | undefined,
    event: Pick<TimelineEntry, 'revision' | 'position' | 'type' | 'data'>,
  ): MatchReadModel | undefined {
    const { revision, position } = event;
    if (event.type === 'CorrectionConfirmed' && current) {
      return { ...this.refold(matchId, current, revision), revision, position, pendingCorrection: null };
    }
    if (event.type === 'CorrectionRequested' && current) {
      const { correctionId, toRevision } = event.data as { correctionId: string; toRevision: number };
      return { ...current, revision, position, pendingCorrection: { correctionId, toRevision } };
    }
    if (event.type === 'CorrectionRejected' && current) {
      return { ...current, revision, position, pendingCorrection: null };
    }
    if (event.type === 'ResultCorrected' && current) {
      // A ruling's or a score correction's new result; the superseded event stays in the log.
      const corrected = { type: event.type, data: event.data } as ResultCorrected;
      return {
        ...current,
        revision,
        position,
        scoreboard: this.gameOf(current).correct(current.scoreboard, corrected),
      };
    }
    if (event.type === 'MatchCreated') {
      // Any game's: the platform's MatchCreated names it (the store upcasts one written before it did).
      const game = gameOfMatch(event);
      const rules = game === undefined ? undefined : this.games(game);
      if (game === undefined || !rules) return undefined;
      const created = { type: event.type, data: event.data };
      return {
        matchId,
        game,
        table: (event.data as { table: string }).table,
        revision,
        position,
        state: rules.module.evolve(rules.module.initialState(), created),
        scoreboard: rules.board(null, matchId, created),
        pendingCorrection: null,
      };
    }
    if (!current) return undefined;
    const rules = this.gameOf(current);
    // Another game's events are stored under names qualified with the game; its module folds its own.
    const own = { type: gameEventType(current.game, event.type), data: event.data };
    if (!isGameEvent(rules.module, own)) {
      // Arbitration and correction requests change no game state, but readers wait on revisions.
      return { ...current, revision, position };
    }
    return {
      ...current,
      revision,
      position,
      state: rules.module.evolve(current.state, own),
      scoreboard: rules.board(current.scoreboard, matchId, own) ?? current.scoreboard,
    };
  }

  /**
   * A confirmed keying correction retracts game events: the state and scoreboard are folded again
   * from the match's timeline (stored rows plus those not yet flushed) without them, up to the
   * confirmation's own revision (a reader folding stored rows after a state has later ones too).
   */
  private refold(matchId: string, current: MatchReadModel, through: number): MatchReadModel {
    const rules = this.gameOf(current);
    // Assigned in the fold's visitors: declared wide so the end does not read it as always null.
    let scoreboard = null as unknown;
    const timeline = this.readTimeline(matchId, 0, Number.MAX_SAFE_INTEGER)
      .filter((entry) => entry.revision <= through)
      .map((entry) => ({ ...entry, type: gameEventType(current.game, entry.type) }));
    const state = foldMatch(
      rules.module,
      timeline,
      (entry) => {
        scoreboard = rules.board(scoreboard, matchId, { type: entry.type, data: entry.data });
      },
      (entry) => {
        if (entry.type === 'ResultCorrected' && scoreboard !== null) {
          scoreboard = rules.correct(scoreboard, { type: entry.type, data: entry.data } as ResultCorrected);
        }
      },
    );
    return { ...current, state, scoreboard: scoreboard ?? current.scoreboard };
  }

  /**
   * Writes what changed and the checkpoint atomically: the timeline rows and the heads of the
   * matches moved, and the states due (state-writes.ts), or every state lagging with `allStates`
   * (a projector's last flush, the rebuild's). Returns the checkpoint written, if it moved.
   */
  flush(allStates = false): string | undefined {
    const position = this.lastPosition;
    const moved = position !== undefined && position !== this.flushedPosition;
    const due = this.stateWrites.due(allStates);
    if (!moved && due.length === 0) return undefined;
    const { upsertHead, upsertState, insertTimeline } = this.tables;
    this.db.db.transaction(() => {
      this.db.assertWriter();
      for (const id of this.dirty) {
        const model = this.models.get(id);
        if (!model) continue;
        upsertHead.run(model.matchId, model.game, model.table, model.revision, model.position);
      }
      for (const id of due) {
        const model = this.models.get(id);
        if (!model) continue;
        upsertState.run(
          model.matchId,
          model.revision,
          model.position,
          JSON.stringify(model.state),
          JSON.stringify(model.scoreboard),
          model.pendingCorrection === null ? null : JSON.stringify(model.pendingCorrection),
        );
      }
      for (const entry of this.timeline) {
        insertTimeline.run(
          entry.matchId,
          entry.revision,
          entry.position,
          entry.type,
          entry.recordedAt,
          entry.actor.id,
          entry.actor.role,
          JSON.stringify(entry.data),
        );
      }
      if (moved) this.db.setMeta('checkpoint', position);
    })();
    this.dirty.clear();
    this.timeline.length = 0;
    this.stateWrites.written(due);
    this.flushedPosition = position;
    return moved ? position : undefined;
  }

  /** How many matches' stored states are behind their models (a later flush writes them). */
  get lagging(): number {
    return this.stateWrites.lagging;
  }

  /**
   * A projector taking the file over: the matches whose stored state lags their head (the former
   * projector stopped before writing it) are read, their rows after it folded, and written at the
   * next flush, so the file ends as a rebuild of the log writes it.
   */
  resume(): void {
    for (const { match_id: matchId } of this.tables.selectLagging.all()) {
      if (this.read(matchId) !== undefined) this.stateWrites.writeNext(matchId);
    }
  }

  /** Position of the last event applied (flushed or not). */
  get appliedPosition(): string | undefined {
    return this.lastPosition;
  }

  /** Events not yet flushed. */
  get pending(): number {
    return this.timeline.length;
  }

  /**
   * Drops the models read from the file, so the next reads see its rows as they are now: a
   * reader of a file another process writes calls it each time that file's checkpoint moves.
   * Only for a projection that applies nothing itself (nothing pending to lose).
   */
  forgetRead(): void {
    if (this.timeline.length > 0 || this.dirty.size > 0 || this.stateWrites.lagging > 0)
      throw new Error('forgetRead with events not flushed');
    this.models.clear();
  }

  /**
   * The match's model: the one in memory, else the stored state with the stored timeline rows
   * after it folded (the state row is written less often than the timeline: state-writes.ts).
   */
  read(matchId: string): MatchReadModel | undefined {
    const known = this.models.get(matchId);
    if (known) return known;
    const row = this.tables.selectState.get(matchId);
    if (!row) return undefined;
    let model: MatchReadModel = {
      matchId,
      game: row.game,
      table: row.table_id,
      revision: row.revision,
      position: row.position,
      state: JSON.parse(row.state) as unknown,
      scoreboard: JSON.parse(row.scoreboard) as unknown,
      pendingCorrection:
        row.pending_correction === null
          ? null
          : (JSON.parse(row.pending_correction) as MatchReadModel['pendingCorrection']),
    };
    // Read after the state: the rows only grow, so those after it run on to the latest checkpoint.
    for (const later of this.tables.selectTimeline.all(matchId, row.revision + 1, Number.MAX_SAFE_INTEGER)) {
      model =
        this.step(matchId, model, {
          revision: later.revision,
          position: later.position,
          type: later.type,
          data: JSON.parse(later.data) as unknown,
        }) ?? model;
    }
    this.models.set(matchId, model);
    return model;
  }

  /** The match's events in order: the stored rows, then those applied but not yet flushed. */
  readTimeline(matchId: string, fromRevision = 0, limit = 10_000): TimelineEntry[] {
    const stored: TimelineEntry[] = this.tables.selectTimeline
      .all(matchId, fromRevision, limit)
      .map((row) => ({
        revision: row.revision,
        position: row.position,
        type: row.type,
        recordedAt: row.recorded_at,
        actor: { id: row.actor_id, role: row.actor_role },
        data: JSON.parse(row.data) as unknown,
      }));
    const after = Math.max(stored.at(-1)?.revision ?? -1, fromRevision - 1);
    for (const entry of this.timeline) {
      if (stored.length >= limit) break;
      if (entry.matchId !== matchId || entry.revision <= after) continue;
      const { revision, position, type, recordedAt, actor, data } = entry;
      stored.push({ revision, position, type, recordedAt, actor, data });
    }
    return stored;
  }

  /** The players' and pairs' names from the match's MatchCreated (revision 0), or null. */
  readNames(matchId: string): MatchNames | null {
    const known = this.names.get(matchId);
    if (known) return known;
    const [first] = this.readTimeline(matchId, 0, 1);
    if (first?.revision !== 0) return null;
    const model = this.read(matchId);
    const game = model ? this.games(model.game) : undefined;
    const names = game ? game.names({ type: first.type, data: first.data }) : null;
    if (names) this.names.set(matchId, names);
    return names;
  }

  /** Every match with a read model, stored or applied since the last flush. */
  listMatches(): ListedMatch[] {
    return this.merged(this.tables.listStates.all(), () => true);
  }

  /**
   * The matches of one table, as `listMatches()` lists them: a table's latest match is looked up
   * on every released moment, and reading every table's rows for it cost as much as the moment.
   */
  listMatchesAt(table: string): ListedMatch[] {
    return this.merged(this.tables.listStatesAt.all(table), (model) => model.table === table);
  }

  /** The stored rows, overlaid with the models applied since (a match never changes table). */
  private merged(
    rows: readonly Pick<HeadRow, 'match_id' | 'table_id' | 'revision'>[],
    wanted: (model: MatchReadModel) => boolean,
  ): ListedMatch[] {
    const byId = new Map(
      rows.map((row) => [
        row.match_id,
        { matchId: row.match_id, table: row.table_id, revision: row.revision },
      ]),
    );
    for (const model of this.models.values()) {
      if (!wanted(model)) continue;
      byId.set(model.matchId, { matchId: model.matchId, table: model.table, revision: model.revision });
    }
    return [...byId.values()].sort((a, b) => (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : 0));
  }
}
