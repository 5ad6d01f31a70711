import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { WrongExpectedRevisionError } from '../errors';
import { SqliteEventLog } from './sqlite-event-log';

let dataDir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-append-timings-'));
  log = new SqliteEventLog({ dataDir });
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('where the SQLite log says its appends spent their time (TC-SCALE-2)', () => {
  it('counts committed appends only, each with time in the transaction and the commit; none waited for the lock alone', async () => {
    expect(log.appendTimings()).toEqual({
      appends: 0,
      lockWaits: 0,
      lockWaitMs: 0,
      transactionMs: 0,
      commitMs: 0,
    });
    await log.append('match-t', [numberedPass(0, 't'), numberedPass(1, 't')], 'no_stream');
    await log.append('match-t', [numberedPass(2, 't')], 1);
    await expect(log.append('match-t', [numberedPass(3, 't')], 0)).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    const totals = log.appendTimings();
    expect(totals.appends).toBe(2);
    expect(totals.transactionMs).toBeGreaterThan(0);
    expect(totals.commitMs).toBeGreaterThan(0);
    // One connection, nobody else writing: no append had to wait for the write lock.
    expect(totals.lockWaits).toBe(0);
  });

  it('counts each append a group commit carried, not the commit, and none it refused', async () => {
    const grouped = new SqliteEventLog({ dataDir: join(dataDir, 'grouped'), groupCommit: true });
    try {
      const outcomes = await Promise.allSettled([
        grouped.append('match-g1', [numberedPass(0, 'g'), numberedPass(1, 'g')], 'no_stream'),
        grouped.append('match-g2', [numberedPass(2, 'g')], 4),
        grouped.append('match-g3', [numberedPass(3, 'g')], 'no_stream'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(grouped.groupCommitTotals()).toEqual({ commits: 1, appends: 3 });
      const totals = grouped.appendTimings();
      expect(totals.appends).toBe(2);
      expect(totals.transactionMs).toBeGreaterThan(0);
      expect(totals.commitMs).toBeGreaterThan(0);
    } finally {
      await grouped.close();
    }
  });
});
