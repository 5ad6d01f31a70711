import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { SqliteEventLog } from '../sqlite/sqlite-event-log';
import { LeaseFencedError, type Lease } from './lease';
import { SqliteLeaseStore } from './sqlite-lease-store';

const TTL = 5_000;
const STREAM = 'match-fenced';

/**
 * A lease holder's appends to the log are checked against its grant in the append's own write
 * transaction (TC-SCALE-1): each process here is a log connection and a lease store of its own on
 * one file, with the lease clock stepped by the test.
 */
describe('SQLite appends fenced by a lease', () => {
  let dataDir: string;
  let time: number;
  const now = (): number => time;
  const opened: { close(): Promise<void> }[] = [];

  /** One process on the shared file: its log and its lease store, on the stepped clock. */
  function contender(): { log: SqliteEventLog; leases: SqliteLeaseStore } {
    const log = new SqliteEventLog({ dataDir, leaseClock: now });
    const leases = new SqliteLeaseStore({ dataDir, now });
    opened.push(log, leases);
    return { log, leases };
  }

  async function claim(leases: SqliteLeaseStore, owner: string): Promise<Lease> {
    const claimed = await leases.acquire('control', owner, TTL);
    if (!claimed.acquired) throw new Error(`${owner}'s claim was refused: ${claimed.holder} holds it`);
    return claimed.lease;
  }

  const revisions = async (log: SqliteEventLog): Promise<number[]> =>
    (await log.readStream(STREAM)).map((event) => event.revision);

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-fenced-append-'));
    time = 1_700_000_000_000;
  });
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) await resource.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("TC-SCALE-1: a former holder woken after a takeover has its append refused and nothing written; the new holder's and a client's unfenced appends go in", async () => {
    const paused = contender();
    const old = await claim(paused.leases, 'control-a');
    await paused.log.append(STREAM, [numberedPass(0, 'a')], 'no_stream', { fence: old });

    // control-a pauses past its TTL; control-b takes the lease under the next token.
    time += TTL;
    const next = contender();
    const current = await claim(next.leases, 'control-b');
    expect(current.token).toBe(old.token + 1);

    // control-a wakes and appends what it decided against revision 0, which nobody has moved yet.
    const refused = paused.log.append(STREAM, [numberedPass(1, 'a')], 0, { fence: old });
    await expect(refused).rejects.toThrow(LeaseFencedError);
    await expect(refused).rejects.toMatchObject({
      rule: 'TC-SCALE-1',
      reason: 'taken over',
      current: { owner: 'control-b', token: current.token },
    });
    expect(await revisions(next.log)).toEqual([0]);
    // The refused write left the connection usable: its stream head and names were not taken.
    await next.log.append(STREAM, [numberedPass(1, 'b')], 0, { fence: current });
    await paused.log.append(STREAM, [numberedPass(2, 'client')], 1);
    expect(await revisions(paused.log)).toEqual([0, 1, 2]);
    expect((await paused.log.readStream(STREAM)).map((e) => e.metadata.correlationId)).toEqual([
      'a-0',
      'b-1',
      'client-2',
    ]);
  });

  it('TC-SCALE-1: refuses an append once the grant ran out unrenewed, though nobody took the lease, and after its release', async () => {
    const { log, leases } = contender();
    const lease = await claim(leases, 'control-a');
    time += TTL;
    await expect(
      log.append(STREAM, [numberedPass(0, 'late')], 'any', { fence: lease }),
    ).rejects.toMatchObject({
      reason: 'expired',
    });
    const again = await claim(leases, 'control-a');
    await leases.release(again);
    await expect(
      log.append(STREAM, [numberedPass(0, 'late')], 'any', { fence: again }),
    ).rejects.toMatchObject({
      reason: 'released',
    });
    expect(await revisions(log)).toEqual([]);
  });

  it('TC-SCALE-1: a fenced append on a file where no lease was ever claimed is refused', async () => {
    const { log } = contender();
    const never: Lease = { name: 'control', owner: 'control-a', token: 1, expiresAt: time + TTL };
    await expect(log.append(STREAM, [numberedPass(0, 'x')], 'any', { fence: never })).rejects.toMatchObject({
      reason: 'taken over',
      current: undefined,
    });
    expect(await revisions(log)).toEqual([]);
  });
});
