import { positionToString, type RecordedEvent } from '@tablecast/event-store';
import { tournamentStream, type TablecastEvent } from '@tablecast/events';
import { TournamentStandingsTable, type ProjectionDb } from '@tablecast/projections';
import { TournamentStandingsFold, tournamentOfStream, type StandingsRow } from '@tablecast/tournament';
import type { AppEventStore } from '../event-store/event-store.module';

/**
 * The tournaments' standings read model in the projection runner: each tournament stream's events
 * folded into its standings, written to projections.sqlite with the revision they include. The
 * runner resumes from its checkpoint; a tournament it has not folded since it started is first
 * folded from its stream's start up to the event at hand (the standings need every result, not
 * only the last), so the row is always the whole stream's fold, however the log was split.
 */
export class TournamentStandingsModel {
  private readonly fold = new TournamentStandingsFold();
  readonly table: TournamentStandingsTable;

  constructor(
    db: ProjectionDb,
    private readonly store: AppEventStore,
  ) {
    this.table = new TournamentStandingsTable(db);
  }

  /**
   * Folds one event of the log if it belongs to a tournament stream (true when it did); its
   * standings are written by `writePending`.
   */
  async apply(event: RecordedEvent<TablecastEvent>): Promise<boolean> {
    const tournamentId = tournamentOfStream(event.stream);
    if (tournamentId === null) return false;
    const from = this.fold.expects(tournamentId);
    if (from < event.revision) {
      const earlier = await this.store.readStream(tournamentStream(tournamentId), {
        fromRevision: from,
        maxCount: event.revision - from,
      });
      for (const e of earlier) this.fold.applyLogged(e);
    }
    if (this.fold.applyLogged(event) === null) return false;
    this.pending.set(tournamentId, { revision: event.revision, position: positionToString(event.position) });
    return true;
  }

  /**
   * Writes the standings of each tournament folded since the last call, once, with the revision
   * and position it is folded to. The runner calls it when a turn's events are applied and before
   * each checkpoint: a round start's hundreds of seatings (none moves the standings) then cost one
   * write of the whole standings instead of one each, and the checkpoint never passes an event
   * whose standings are not written. Standings no event since the last write can have moved (a
   * round's pairings and seatings) are not written again: only how far the stream is folded.
   */
  writePending(): void {
    for (const [tournamentId, at] of this.pending) {
      const version = this.fold.standingsVersion(tournamentId);
      if (version !== undefined && this.written.get(tournamentId) === version)
        this.table.advance(tournamentId, at.revision, at.position);
      else {
        this.table.write({ tournamentId, ...at, rows: this.fold.standings(tournamentId) ?? [] });
        if (version !== undefined) this.written.set(tournamentId, version);
      }
    }
    this.pending.clear();
  }

  /** Each tournament's `standingsVersion` as this model last wrote its standings. */
  private readonly written = new Map<string, number>();

  /** Tournaments folded but not yet written, with the revision and position folded to. */
  private readonly pending = new Map<string, { revision: number; position: string }>();

  /** Every tournament the read model holds, in id order (what was folded is written first). */
  tournamentIds(): string[] {
    this.writePending();
    return this.table.list().map((record) => record.tournamentId);
  }

  /** The standings as the read model holds them (undefined for a tournament it has not seen). */
  standings(tournamentId: string): { revision: number; rows: StandingsRow[] } | undefined {
    this.writePending();
    const record = this.table.read(tournamentId);
    return record === undefined
      ? undefined
      : { revision: record.revision, rows: record.rows as StandingsRow[] };
  }
}
