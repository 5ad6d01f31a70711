import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import { StreamHeadMismatchError } from '../errors';
import type { UnsealedEvent } from '../port';
import { SqliteEventLog } from './sqlite-event-log';

const event = (n: number): UnsealedEvent => numberedPass(n, 'heads');

let dataDir: string;
let log: SqliteEventLog;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-heads-'));
  log = new SqliteEventLog({ dataDir });
  await log.append('match-a', [0, 1, 2].map(event), 'no_stream');
  await log.append('match-b', [3].map(event), 'no_stream');
  await log.append('match-a', [4, 5].map(event), 2);
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const lastHash = async (stream: string): Promise<string | undefined> =>
  (await log.readStream(stream, { direction: 'backwards', maxCount: 1 }))[0]?.metadata.hash;

describe('SQLite stream heads (truncation evidence)', () => {
  it('records each stream’s last revision and hash in the append’s transaction', async () => {
    expect(await log.readStreamHeads()).toEqual({
      recorded: true,
      heads: [
        { stream: 'match-a', revision: 4, hash: await lastHash('match-a') },
        { stream: 'match-b', revision: 0, hash: await lastHash('match-b') },
      ],
    });
  });

  it('keeps the head when the stream’s last events are deleted, and refuses to append over the gap', async () => {
    log.database.exec(
      `DELETE FROM events WHERE stream_id = (SELECT id FROM streams WHERE name = 'match-a') AND revision >= 3`,
    );
    // Appending at the truncated end would re-use revisions 3 and 4 and chain up cleanly,
    // burying the evidence; the store names the stream instead.
    await expect(log.append('match-a', [event(6)], 'any')).rejects.toThrow(StreamHeadMismatchError);
    await expect(log.append('match-a', [event(6)], 'any')).rejects.toThrow(
      /stream match-a: recorded head is revision 4 .* but the last stored event is revision 2/,
    );
    expect(await log.readStream('match-a')).toHaveLength(3);
    await expect(log.append('match-b', [event(7)], 0)).resolves.toMatchObject({ nextRevision: 1 });
  });

  it('records heads once for a file written before heads were kept, and not again after one is deleted', async () => {
    log.database.exec('DROP TABLE stream_heads; PRAGMA user_version = 0');
    await log.close();
    const readOnly = new SqliteEventLog({ dataDir, readOnly: true });
    expect(await readOnly.readStreamHeads()).toMatchObject({
      recorded: false,
      reason: expect.stringMatching(/written before stream heads were recorded/) as unknown,
    });
    await readOnly.close();

    log = new SqliteEventLog({ dataDir });
    expect(await log.readStreamHeads()).toEqual({
      recorded: true,
      heads: [
        { stream: 'match-a', revision: 4, hash: await lastHash('match-a') },
        { stream: 'match-b', revision: 0, hash: await lastHash('match-b') },
      ],
    });
    log.database.exec(`DELETE FROM stream_heads WHERE stream = 'match-b'`);
    await log.close();
    log = new SqliteEventLog({ dataDir });
    expect(await log.readStreamHeads()).toMatchObject({ heads: [{ stream: 'match-a' }] });
  });
});
