import { KurrentDbLeaseStore, SQLITE_FILE_NAME, SqliteLeaseStore } from '@tablecast/event-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseFenceMarginMs, openConfiguredLeaseStore } from './open-event-store';

describe('the configured lease store', () => {
  it('TC-SCALE-1: is on KurrentDB when EVENTSTORE_URL is set (opening it connects to nothing yet)', async () => {
    const leases = openConfiguredLeaseStore(
      {
        EVENTSTORE_URL: 'kurrentdb://127.0.0.1:1?tls=false',
        TABLECAST_DATA_DIR: '/nowhere',
        TABLECAST_LOG_DIR: undefined,
      },
      10_000,
    );
    try {
      expect(leases).toBeInstanceOf(KurrentDbLeaseStore);
    } finally {
      await leases.close();
    }
  });

  it("TC-SCALE-1: is the shared SQLite log's own file otherwise", async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'tablecast-configured-leases-'));
    const leases = openConfiguredLeaseStore(
      { EVENTSTORE_URL: undefined, TABLECAST_DATA_DIR: '/nowhere', TABLECAST_LOG_DIR: logDir },
      10_000,
    );
    try {
      expect(leases).toBeInstanceOf(SqliteLeaseStore);
      expect((leases as SqliteLeaseStore).file).toBe(resolve(logDir, SQLITE_FILE_NAME));
    } finally {
      await leases.close();
      rmSync(logDir, { recursive: true, force: true });
    }
  });

  it('TC-SCALE-1: leaves a holder renewing every third of its TTL more than the fence margin at every renewal', () => {
    for (const ttl of [500, 10_000, 600_000]) expect(leaseFenceMarginMs(ttl)).toBeLessThan(ttl - ttl / 3);
  });
});
