import type Database from 'better-sqlite3';
import type { RecordedEvent } from '@tablecast/event-store';
import type { TablecastEvent } from '@tablecast/events';
import type { ProjectionDb } from './projection-db';

/**
 * What arbitration looks up by key in the log (instead of reading the log from its start):
 * the appeals filed for a match (GD-APL-1), the appeal a ruling id was issued on (GD-APL-2), and
 * the first publication of the pairings that follow a match's round (GD-VAR-003-16 entry errors).
 */
export type ArbitrationFact =
  | { readonly kind: 'appeal'; readonly appealId: string; readonly matchId: string }
  | { readonly kind: 'ruling'; readonly rulingId: string; readonly appealId: string }
  | { readonly kind: 'pairings'; readonly matchIds: readonly string[]; readonly publishedAt: number };

/** The facts one event of the log records for arbitration's lookups (none for most events). */
export function arbitrationFactOf(event: RecordedEvent<TablecastEvent>): ArbitrationFact | undefined {
  switch (event.type) {
    case 'AppealFiled':
      return { kind: 'appeal', appealId: event.data.appealId, matchId: event.data.matchId };
    case 'RulingIssued':
      return { kind: 'ruling', rulingId: event.data.rulingId, appealId: event.data.appealId };
    case 'PairingsPublished':
      return {
        kind: 'pairings',
        matchIds: event.data.previousRoundMatches,
        publishedAt: Date.parse(event.metadata.recordedAt),
      };
    default:
      return undefined;
  }
}

/**
 * The arbitration lookups as a read model in projections.sqlite, kept by the projection runner
 * (and by a rebuild) like the match read models. Each row is written when its event is applied;
 * the first record of a key stands, so applying an event again after a crash changes nothing and
 * the rows never fall behind the checkpoint written after them.
 */
export class ArbitrationIndex {
  private readonly insertAppeal: Database.Statement<[string, string]>;
  private readonly insertRuling: Database.Statement<[string, string]>;
  private readonly insertPairings: Database.Statement<[string, number]>;
  private readonly appealsOfMatch: Database.Statement<[string], { appeal_id: string }>;
  private readonly appealOfRuling: Database.Statement<[string], { appeal_id: string }>;
  private readonly pairingsAfterMatch: Database.Statement<[string], { published_at: number }>;

  constructor(private readonly db: ProjectionDb) {
    const sql = db.db;
    this.insertAppeal = sql.prepare(
      'INSERT OR IGNORE INTO arbitration_appeals (appeal_id, match_id) VALUES (?, ?)',
    );
    this.insertRuling = sql.prepare(
      'INSERT OR IGNORE INTO arbitration_rulings (ruling_id, appeal_id) VALUES (?, ?)',
    );
    this.insertPairings = sql.prepare(
      'INSERT OR IGNORE INTO arbitration_next_pairings (match_id, published_at) VALUES (?, ?)',
    );
    // rowid order is the order the filings were applied in: the log's.
    this.appealsOfMatch = sql.prepare(
      'SELECT appeal_id FROM arbitration_appeals WHERE match_id = ? ORDER BY rowid',
    );
    this.appealOfRuling = sql.prepare('SELECT appeal_id FROM arbitration_rulings WHERE ruling_id = ?');
    this.pairingsAfterMatch = sql.prepare(
      'SELECT published_at FROM arbitration_next_pairings WHERE match_id = ?',
    );
  }

  /** Records the event's fact, if it has one (true when it did). */
  apply(event: RecordedEvent<TablecastEvent>): boolean {
    const fact = arbitrationFactOf(event);
    if (fact === undefined) return false;
    // One transaction, fenced like every write of a shared file (TC-SCALE-1); such events are few.
    this.db.db.transaction(() => {
      this.db.assertWriter();
      switch (fact.kind) {
        case 'appeal':
          this.insertAppeal.run(fact.appealId, fact.matchId);
          break;
        case 'ruling':
          this.insertRuling.run(fact.rulingId, fact.appealId);
          break;
        case 'pairings':
          for (const matchId of fact.matchIds) this.insertPairings.run(matchId, fact.publishedAt);
          break;
      }
    })();
    return true;
  }

  /** The ids of the appeals filed for the match, oldest first. */
  appealIdsOf(matchId: string): string[] {
    return this.appealsOfMatch.all(matchId).map((row) => row.appeal_id);
  }

  /** The appeal the ruling id was issued on, if any ruling carries it. */
  appealRuledBy(rulingId: string): string | undefined {
    return this.appealOfRuling.get(rulingId)?.appeal_id;
  }

  /** When pairings naming the match among the previous round's were first published (ms), or null. */
  nextPairingsPublishedAt(matchId: string): number | null {
    return this.pairingsAfterMatch.get(matchId)?.published_at ?? null;
  }
}
