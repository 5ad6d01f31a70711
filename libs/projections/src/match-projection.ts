import type { RecordedEvent } from '@tablecast/event-store';
import { positionToString } from '@tablecast/event-store';
import {
  isGuandanMatchCreated,
  parseStreamName,
  type ResultCorrected,
  type TablecastEvent,
} from '@tablecast/events';
import { foldMatch, isGameEvent } from '@tablecast/game-kit';
import { guandanModule, type GuandanEvent, type MatchState } from '@tablecast/guandan';
import type { MatchNames } from '@tablecast/protocol';
import { matchNamesOf } from './match-names';
import type { ProjectionDb } from './projection-db';
import { ReadModelTables } from './read-model-tables';
import { evolveScoreboard, type Scoreboard } from './scoreboard';
import { applyResultCorrection } from './scoreboard-corrections';

/** A match's read model: the live state (every hand, for staff) and the scoreboard. */
export interface MatchReadModel {
  readonly matchId: string;
  readonly table: string;
  readonly revision: number;
  readonly position: string;
  readonly state: MatchState;
  readonly scoreboard: Scoreboard;
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

  constructor(private readonly db: ProjectionDb) {
    this.tables = new ReadModelTables(db);
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
      // Issue 10: a ruling's or a score correction's new result; the superseded event stays in the log.
      const scoreboard = applyResultCorrection(current.scoreboard, event);
      this.store({ ...current, revision: event.revision, position, scoreboard });
      return;
    }
    if (!isGameEvent(guandanModule, event)) {
      // Arbitration and correction requests change no game state, but readers wait on revisions.
      if (current) this.store({ ...current, revision: event.revision, position });
      return;
    }
    if (event.type === 'MatchCreated') {
      // The read model is Guandan's (its scoreboard, levels, the console's state): another game's
      // match gets none here, and its events, stored under its own names, are not Guandan's.
      if (!isGuandanMatchCreated(event)) return;
      const scoreboard = evolveScoreboard(null, stream.id, event);
      if (!scoreboard) return;
      this.store({
        matchId: stream.id,
        table: event.data.table,
        revision: event.revision,
        position,
        state: guandanModule.evolve(guandanModule.initialState(), event),
        scoreboard,
        pendingCorrection: null,
      });
      return;
    }
    if (!current) return;
    this.store({
      ...current,
      revision: event.revision,
      position,
      state: guandanModule.evolve(current.state, event),
      scoreboard: evolveScoreboard(current.scoreboard, stream.id, event) ?? current.scoreboard,
    });
  }

  /**
   * A confirmed keying correction retracts game events: the state and scoreboard are folded again
   * from the match's timeline (stored rows plus those not yet flushed) without them.
   */
  private refold(matchId: string, current: MatchReadModel): MatchReadModel {
    // Assigned in the fold's visitors: declared wide so the end does not read it as always null.
    let scoreboard = null as Scoreboard | null;
    const state = foldMatch(
      guandanModule,
      this.readTimeline(matchId, 0, Number.MAX_SAFE_INTEGER),
      (entry) => {
        scoreboard = evolveScoreboard(scoreboard, matchId, {
          type: entry.type,
          data: entry.data,
        } as GuandanEvent);
      },
      (entry) => {
        if (entry.type === 'ResultCorrected' && scoreboard) {
          scoreboard = applyResultCorrection(scoreboard, {
            type: entry.type,
            data: entry.data,
          } as ResultCorrected);
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
      for (const id of this.dirty) {
        const model = this.models.get(id);
        if (!model) continue;
        upsertState.run(
          model.matchId,
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

  read(matchId: string): MatchReadModel | undefined {
    const known = this.models.get(matchId);
    if (known) return known;
    const row = this.tables.selectState.get(matchId);
    if (!row) return undefined;
    const model: MatchReadModel = {
      matchId,
      table: row.table_id,
      revision: row.revision,
      position: row.position,
      state: JSON.parse(row.state) as MatchState,
      scoreboard: JSON.parse(row.scoreboard) as Scoreboard,
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
    const names = matchNamesOf({ type: first.type, data: first.data } as TablecastEvent);
    if (names) this.names.set(matchId, names);
    return names;
  }

  /** Every match with a read model, stored or applied since the last flush. */
  listMatches(): { matchId: string; table: string; revision: number }[] {
    const byId = new Map(
      this.tables.listStates
        .all()
        .map((row) => [row.match_id, { matchId: row.match_id, table: row.table_id, revision: row.revision }]),
    );
    for (const model of this.models.values()) {
      byId.set(model.matchId, { matchId: model.matchId, table: model.table, revision: model.revision });
    }
    return [...byId.values()].sort((a, b) => (a.matchId < b.matchId ? -1 : a.matchId > b.matchId ? 1 : 0));
  }
}
