import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import { gameEventType, parseStreamName, type ResultCorrected, type TablecastEvent } from '@tablecast/events';
import { foldMatch, gameOfMatch, isGameEvent, type MatchResult } from '@tablecast/game-kit';
import type { MatchNames } from '@tablecast/protocol';
import type { ProjectionDb } from './projection-db';
import type { ReadModelGame, ReadModelGames } from './read-model-game';
import { ReadModelTables, type StateRow } from './read-model-tables';

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
 * Applies events to the match read models. Models touched since the last flush stay in memory and
 * are written together with the timeline rows and the checkpoint in one transaction.
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

  constructor(
    private readonly db: ProjectionDb,
    private readonly games: ReadModelGames,
  ) {
    this.tables = new ReadModelTables(db);
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
    this.timeline.push({
      matchId: stream.id,
      revision: event.revision,
      position,
      type: event.type,
      recordedAt: event.metadata.recordedAt,
      actor: event.metadata.actor,
      data: event.data,
    });
    const current = this.read(stream.id);
    if (event.type === 'CorrectionConfirmed' && current) {
      this.store({
        ...this.refold(stream.id, current),
        revision: event.revision,
        position,
        pendingCorrection: null,
      });
      return;
    }
    if (event.type === 'CorrectionRequested' && current) {
      const { correctionId, toRevision } = event.data;
      this.store({
        ...current,
        revision: event.revision,
        position,
        pendingCorrection: { correctionId, toRevision },
      });
      return;
    }
    if (event.type === 'CorrectionRejected' && current) {
      this.store({ ...current, revision: event.revision, position, pendingCorrection: null });
      return;
    }
    if (event.type === 'ResultCorrected' && current) {
      // A ruling's or a score correction's new result; the superseded event stays in the log.
      const scoreboard = this.gameOf(current).correct(current.scoreboard, event);
      this.store({ ...current, revision: event.revision, position, scoreboard });
      return;
    }
    if (event.type === 'MatchCreated') {
      // Any game's: the platform's MatchCreated names it (the store upcasts one written before it did).
      const game = gameOfMatch(event);
      const rules = game === undefined ? undefined : this.games(game);
      if (game === undefined || !rules) return;
      this.store({
        matchId: stream.id,
        game,
        table: event.data.table,
        revision: event.revision,
        position,
        state: rules.module.evolve(rules.module.initialState(), event),
        scoreboard: rules.board(null, stream.id, event),
        pendingCorrection: null,
      });
      return;
    }
    if (!current) return;
    const rules = this.gameOf(current);
    // Another game's events are stored under names qualified with the game; its module folds its own.
    const own = { type: gameEventType(current.game, event.type), data: event.data as unknown };
    if (!isGameEvent(rules.module, own)) {
      // Arbitration and correction requests change no game state, but readers wait on revisions.
      this.store({ ...current, revision: event.revision, position });
      return;
    }
    this.store({
      ...current,
      revision: event.revision,
      position,
      state: rules.module.evolve(current.state, own),
      scoreboard: rules.board(current.scoreboard, stream.id, own) ?? current.scoreboard,
    });
  }

  /**
   * A confirmed keying correction retracts game events: the state and scoreboard are folded again
   * from the match's timeline (stored rows plus those not yet flushed) without them.
   */
  private refold(matchId: string, current: MatchReadModel): MatchReadModel {
    const rules = this.gameOf(current);
    // Assigned in the fold's visitors: declared wide so the end does not read it as always null.
    let scoreboard = null as unknown;
    const timeline = this.readTimeline(matchId, 0, Number.MAX_SAFE_INTEGER).map((entry) => ({
      ...entry,
      type: gameEventType(current.game, entry.type),
    }));
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

  /** Writes what changed and the checkpoint atomically; returns the checkpoint written. */
  flush(): string | undefined {
    const position = this.lastPosition;
    if (position === undefined || position === this.flushedPosition) return undefined;
    const { upsertState, insertTimeline } = this.tables;
    this.db.db.transaction(() => {
      this.db.assertWriter();
      for (const id of this.dirty) {
        const model = this.models.get(id);
        if (!model) continue;
        upsertState.run(
          model.matchId,
          model.game,
          model.table,
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
      this.db.setMeta('checkpoint', position);
    })();
    this.dirty.clear();
    this.timeline.length = 0;
    this.flushedPosition = position;
    return position;
  }

  /** Position of the last event applied (flushed or not). */
  get appliedPosition(): string | undefined {
    return this.lastPosition;
  }

  /** Events not yet flushed. */
  get pending(): number {
    return this.timeline.length;
  }

  private store(model: MatchReadModel): void {
    this.models.set(model.matchId, model);
    this.dirty.add(model.matchId);
  }

  /**
   * Drops the models read from the file, so the next reads see its rows as they are now: a
   * reader of a file another process writes calls it each time that file's checkpoint moves.
   * Only for a projection that applies nothing itself (nothing pending to lose).
   */
  forgetRead(): void {
    if (this.timeline.length > 0 || this.dirty.size > 0)
      throw new Error('forgetRead with events not flushed');
    this.models.clear();
  }

  read(matchId: string): MatchReadModel | undefined {
    const known = this.models.get(matchId);
    if (known) return known;
    const row = this.tables.selectState.get(matchId);
    if (!row) return undefined;
    const model: MatchReadModel = {
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
    rows: readonly Pick<StateRow, 'match_id' | 'table_id' | 'revision'>[],
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
