import { describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { KurrentDbEventLog } from './kurrentdb-event-log';

describe('a fenced append on the KurrentDB log', () => {
  it('TC-SCALE-1: is refused before anything is sent, naming the lease (the leases live in the SQLite log only)', async () => {
    // Port 1: nothing listens there, so an append that reached the server would fail otherwise.
    const log = new KurrentDbEventLog('kurrentdb://127.0.0.1:1?tls=false');
    try {
      const fence = { name: 'control', owner: 'control-a', token: 3, expiresAt: Date.now() + 60_000 };
      await expect(log.append('match-k1', [numberedPass(0, 'k')], 'any', { fence })).rejects.toThrow(
        /^TC-SCALE-1: a fenced append \(lease control\) needs the SQLite log, where the lease is recorded$/,
      );
    } finally {
      await log.close();
    }
  });
});
