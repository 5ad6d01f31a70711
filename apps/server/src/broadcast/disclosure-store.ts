import type { Audience, DisclosureEntry, DisclosureLog } from '@tablecast/broadcast';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const DISCLOSURES_FILE_NAME = 'disclosures.sqlite';

interface DisclosureRow {
  audience: Audience;
  seq: number;
  event_type: string | null;
  revision: number | null;
  position: string | null;
  recorded_at: string | null;
  released_at: number;
  view_revision: number;
  status: 'live' | 'delayBuilding';
}

/**
 * The disclosure ledger on disk, in its own SQLite file in the data dir. Unlike the read models it
 * is not disposable: the release times are facts about the broadcast, not something a replay of
 * the log could recompute, and the arbitration committee reads them after any restart. It is also
 * what keeps feed seqs stable across restarts (`resumePointOf`). Each frame is written before it
 * is published (WAL, synchronous NORMAL: a process crash loses nothing written).
 */
export class DisclosureStore {
  private readonly db: Database.Database;
  private readonly insert: Database.Statement;
  private readonly byMatch: Database.Statement<[string], DisclosureRow>;
  private readonly byAudience: Database.Statement<[string, string], DisclosureRow>;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = new Database(join(dataDir, DISCLOSURES_FILE_NAME));
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS disclosures (
        match_id TEXT NOT NULL, audience TEXT NOT NULL, seq INTEGER NOT NULL,
        event_type TEXT, revision INTEGER, position TEXT, recorded_at TEXT,
        released_at INTEGER NOT NULL, view_revision INTEGER NOT NULL, status TEXT NOT NULL,
        PRIMARY KEY (match_id, audience, seq)
      ) WITHOUT ROWID;
    `);
    const columns =
      'audience, seq, event_type, revision, position, recorded_at, released_at, view_revision, status';
    this.insert = this.db.prepare(
      `INSERT INTO disclosures (match_id, ${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // Ordered by release, then audience and seq: the committee reads one timeline of the match.
    this.byMatch = this.db.prepare(
      `SELECT ${columns} FROM disclosures WHERE match_id = ? ORDER BY released_at, audience, seq`,
    );
    this.byAudience = this.db.prepare(
      `SELECT ${columns} FROM disclosures WHERE match_id = ? AND audience = ? ORDER BY seq`,
    );
  }

  /** The ledger of one match, as the pure MatchFeed records into it. */
  forMatch(matchId: string): DisclosureLog {
    return {
      record: (entry) => {
        this.record(matchId, entry);
      },
      list: (audience) => this.list(matchId, audience),
    };
  }

  record(matchId: string, e: DisclosureEntry): void {
    this.insert.run(
      matchId,
      e.audience,
      e.seq,
      e.eventType,
      e.revision,
      e.position,
      e.recordedAt,
      e.releasedAt,
      e.viewRevision,
      e.status,
    );
  }

  list(matchId: string, audience?: Audience): DisclosureEntry[] {
    const rows = audience === undefined ? this.byMatch.all(matchId) : this.byAudience.all(matchId, audience);
    return rows.map((row) => ({
      audience: row.audience,
      seq: row.seq,
      eventType: row.event_type,
      revision: row.revision,
      position: row.position,
      recordedAt: row.recorded_at,
      releasedAt: row.released_at,
      viewRevision: row.view_revision,
      status: row.status,
    }));
  }

  close(): void {
    this.db.close();
  }
}
