import Database from 'better-sqlite3';
import { useWalMode } from '@tablecast/event-store';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const SHARED_SEAT_TOKENS_FILE_NAME = 'seat-tokens.sqlite';

/** A seat token as kept: its SHA-256 digest and the seat it opens. */
export interface StoredSeatToken {
  readonly digest: string;
  readonly matchId: string;
  readonly seat: string;
}

/**
 * The seat tokens of a deployment whose processes share one log dir (TC-SCALE-2): one SQLite file
 * beside the log, read on every lookup, so a token issued through one api process opens the seat
 * on every other, and a re-issue (a lost tablet) closes the old link on all of them at once.
 * A re-issue replaces a match's tokens in one IMMEDIATE transaction, never half of them.
 */
export class SharedSeatTokens {
  private readonly db: Database.Database;
  private readonly byDigest: Database.Statement<[string], StoredSeatToken>;
  private readonly replaceAll: (matchId: string, tokens: readonly StoredSeatToken[]) => void;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.db = new Database(join(dir, SHARED_SEAT_TOKENS_FILE_NAME));
    useWalMode(this.db);
    this.db.pragma('synchronous = FULL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS seat_tokens (
        digest TEXT PRIMARY KEY, match_id TEXT NOT NULL, seat TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS seat_tokens_by_match ON seat_tokens (match_id);
    `);
    this.byDigest = this.db.prepare(
      'SELECT digest, match_id AS matchId, seat FROM seat_tokens WHERE digest = ?',
    );
    const remove = this.db.prepare<[string]>('DELETE FROM seat_tokens WHERE match_id = ?');
    const insert = this.db.prepare<[string, string, string]>(
      'INSERT INTO seat_tokens (digest, match_id, seat) VALUES (?, ?, ?)',
    );
    const transaction = this.db.transaction((matchId: string, tokens: readonly StoredSeatToken[]) => {
      remove.run(matchId);
      for (const token of tokens) insert.run(token.digest, token.matchId, token.seat);
    });
    this.replaceAll = (matchId, tokens) => {
      transaction.immediate(matchId, tokens);
    };
  }

  /** The match's tokens from now on are exactly `tokens`: every earlier one stops working. */
  replace(matchId: string, tokens: readonly StoredSeatToken[]): void {
    this.replaceAll(matchId, tokens);
  }

  find(digest: string): StoredSeatToken | undefined {
    return this.byDigest.get(digest);
  }

  close(): void {
    this.db.close();
  }
}
