import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER_MARKS_SCHEMA_VERSION } from './disclosure-schema';
import { DISCLOSURES_FILE_NAME, DisclosureStore } from './disclosure-store';
import { ledgerDir, ledgerEntry } from './testing/ledger-entries';

/** A ledger file as a version before `ledger_matches` left it: its rows, no marks, user_version 0. */
function oldLedgerFile(): string {
  const dir = ledgerDir('tablecast-ledger-schema-');
  const store = new DisclosureStore(dir);
  try {
    const m1 = store.forMatch('m1');
    m1.record(ledgerEntry('broadcast', 1, 0));
    m1.record(ledgerEntry('broadcast', 2, 7));
    m1.record(ledgerEntry('broadcast', 3, null));
    m1.record(ledgerEntry('venue', 1, 9));
    store.forMatch('live_only').record(ledgerEntry('staff', 1, 4));
  } finally {
    store.close();
  }
  const raw = new Database(join(dir, DISCLOSURES_FILE_NAME));
  try {
    raw.exec('DROP TRIGGER ledger_matches_on_insert; DROP TABLE ledger_matches; PRAGMA user_version = 0');
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'ledger_matches%'").all()).toEqual([]);
  } finally {
    raw.close();
  }
  return dir;
}

function userVersion(dir: string): unknown {
  const raw = new Database(join(dir, DISCLOSURES_FILE_NAME), { readonly: true });
  try {
    return raw.pragma('user_version', { simple: true });
  } finally {
    raw.close();
  }
}

describe('the disclosure ledger’s schema steps (real SQLite)', () => {
  it('TC-FEED-2 a ledger file made before the per-match marks gets them from its rows on open, once, and keeps them on every write after', () => {
    const dir = oldLedgerFile();
    const store = new DisclosureStore(dir);
    try {
      expect(Object.fromEntries(store.broadcastMarks())).toEqual({ m1: 7, live_only: -1 });
      store.forMatch('live_only').record(ledgerEntry('broadcast', 1, 2));
      store.forMatch('new').record(ledgerEntry('venue', 1, 0));
      expect(Object.fromEntries(store.broadcastMarks())).toEqual({ m1: 7, live_only: 2, new: -1 });
    } finally {
      store.close();
    }
    expect(userVersion(dir)).toBe(LEDGER_MARKS_SCHEMA_VERSION);
    // A second open finds the step done and reads the whole ledger no more: a mark set by hand
    // (which a fill from the rows would put back) is left as it is.
    const raw = new Database(join(dir, DISCLOSURES_FILE_NAME));
    raw.prepare("UPDATE ledger_matches SET broadcast_revision = 99 WHERE match_id = 'm1'").run();
    raw.close();
    const again = new DisclosureStore(dir);
    try {
      expect(Object.fromEntries(again.broadcastMarks())).toEqual({ m1: 99, live_only: 2, new: -1 });
    } finally {
      again.close();
    }
  });

  it('TC-SCALE-2 an api process (read-only) opening an old ledger file first takes the step for it; the feeds process writing after it keeps the marks', () => {
    const dir = oldLedgerFile();
    const api = new DisclosureStore(dir, 'readOnly');
    const feeds = new DisclosureStore(dir);
    try {
      expect(Object.fromEntries(api.broadcastMarks())).toEqual({ m1: 7, live_only: -1 });
      feeds.forMatch('m1').record(ledgerEntry('broadcast', 4, 8));
      expect(Object.fromEntries(api.broadcastMarks())).toEqual({ m1: 8, live_only: -1 });
    } finally {
      feeds.close();
      api.close();
    }
    expect(userVersion(dir)).toBe(LEDGER_MARKS_SCHEMA_VERSION);
  });
});
