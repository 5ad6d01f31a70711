import { SqliteEventLog, sealBatch, type UnsealedEvent } from '@tablecast/event-store';
import { numberedPass } from '@tablecast/event-store/testing';
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');
const bin = join(root, 'apps', 'cli', 'bin', 'tablecast.js');

/** Numbered `Passed` events with fixed ids and times, so a run writes the same log each time. */
const event = (n: number): UnsealedEvent => numberedPass(n, 'cli-test');

function verify(...args: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(process.execPath, [bin, 'verify', ...args], {
    encoding: 'utf8',
    env: { ...process.env, EVENTSTORE_URL: '' },
  });
  return { status: run.status, stdout: run.stdout };
}

/** Changes the stored file directly, as someone with access to the disk would. */
function tamper(dataDir: string, sql: string): void {
  const db = new Database(join(dataDir, 'events.sqlite'));
  db.exec(sql);
  db.close();
}

/** A stream's id in `events` (schema v3), for the tampering below. */
const matchA = "(SELECT id FROM streams WHERE name = 'match-a')";
const matchB = "(SELECT id FROM streams WHERE name = 'match-b')";

let dataDir: string;

beforeAll(() => {
  execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
}, 120_000);

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-verify-'));
  const log = new SqliteEventLog({ dataDir });
  await log.append('match-a', [0, 1, 2].map(event), 'no_stream');
  await log.append('match-b', [3, 4].map(event), 'no_stream');
  await log.append('match-a', [5, 6].map(event), 2);
  await log.close();
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tablecast verify', () => {
  it('reports an intact chain for the whole log and for one stream', () => {
    const all = verify('all', '--data-dir', dataDir);
    expect(all.stdout).toMatch(/^hash chain intact: 7 events in 2 stream\(s\) of the whole log/);
    expect(all.status).toBe(0);
    const one = verify('match-b', '--data-dir', dataDir);
    expect(one.stdout).toMatch(/^hash chain intact: 2 events in 1 stream\(s\) of stream match-b/);
    expect(one.status).toBe(0);
  });

  it('names the first edited event and exits non-zero', () => {
    // The envelope is [data, eventId, correlationId, causationId, actorId, actorRole, …] (schema v2),
    // and stream and type are ids into `streams` and `event_types` (schema v3).
    tamper(
      dataDir,
      `UPDATE events SET envelope = json_set(envelope, '$[0]', json('{"seat":"N"}')) WHERE stream_id = ${matchA} AND revision = 1`,
    );
    const result = verify('all', '--data-dir', dataDir);
    expect(result.stdout).toMatch(
      /^hash chain BROKEN at match-a@1 \(position 2\): hash-mismatch, expected hash [0-9a-f]{64}, found hash /,
    );
    expect(result.status).toBe(1);
    expect(verify('match-b', '--data-dir', dataDir).status).toBe(0);
  });

  it('catches a renamed stream or event type at its first event: names are stored once, for every event of it', () => {
    tamper(dataDir, `UPDATE streams SET name = 'match-z' WHERE name = 'match-b'`);
    const stream = verify('all', '--data-dir', dataDir);
    expect(stream.stdout).toMatch(/^hash chain BROKEN at match-z@0 \(position 4\): hash-mismatch/);
    expect(stream.status).toBe(1);
    tamper(dataDir, `UPDATE streams SET name = 'match-b' WHERE name = 'match-z'`);
    expect(verify('all', '--data-dir', dataDir).status).toBe(0);

    tamper(dataDir, `UPDATE event_types SET name = 'TimeCalled' WHERE name = 'Passed'`);
    const type = verify('match-b', '--data-dir', dataDir);
    expect(type.stdout).toMatch(/^hash chain BROKEN at match-b@0 \(position 4\): hash-mismatch/);
    expect(type.status).toBe(1);
  });

  it('names a deleted event as a revision gap, in JSON when asked', () => {
    tamper(dataDir, `DELETE FROM events WHERE stream_id = ${matchA} AND revision = 3`);
    const result = verify('match-a', '--data-dir', dataDir, '--json');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      exitCode: 1,
      result: {
        ok: false,
        brokenLink: { stream: 'match-a', revision: 4, position: '7', kind: 'revision-gap' },
      },
    });
  });

  it('catches a re-attributed event whose own hash was left alone, at the actor', () => {
    tamper(
      dataDir,
      `UPDATE events SET envelope = json_set(envelope, '$[4]', 'referee-9', '$[5]', 'referee') WHERE stream_id = ${matchB} AND revision = 0`,
    );
    expect(verify('all', '--data-dir', dataDir).stdout).toMatch(
      /BROKEN at match-b@0 \(position 4\): hash-mismatch/,
    );
  });

  it('names a truncated stream: its last events deleted, what is left still chaining up', () => {
    tamper(dataDir, `DELETE FROM events WHERE stream_id = ${matchA} AND revision >= 3`);
    const result = verify('all', '--data-dir', dataDir);
    expect(result.stdout).toMatch(
      /^hash chain BROKEN at match-a@2 \(position 3\): truncated, expected head at revision 4 with hash [0-9a-f]{64}, found last event at revision 2 with hash [0-9a-f]{64}/,
    );
    expect(result.status).toBe(1);
    expect(verify('match-a', '--data-dir', dataDir).status).toBe(1);
    expect(verify('match-b', '--data-dir', dataDir).status).toBe(0);
  });

  it('names a stream deleted whole, and a rewritten last event whose hash was recomputed', () => {
    tamper(dataDir, `DELETE FROM events WHERE stream_id = ${matchB}`);
    const gone = verify('match-b', '--data-dir', dataDir);
    expect(gone.stdout).toMatch(
      /^hash chain BROKEN at match-b@1 \(position none\): truncated, .*found no events/,
    );
    expect(gone.status).toBe(1);

    // Re-seal match-a's last event with other data, as someone who knows the hash recipe would.
    const log = new SqliteEventLog({ dataDir });
    const [previous] = log.database
      .prepare<[], [string]>(`SELECT hash FROM events WHERE stream_id = ${matchA} AND revision = 3`)
      .raw(true)
      .all();
    const [forged] = sealBatch('match-a', 3, previous?.[0] ?? null, [{ ...event(6), data: { seat: 'W' } }]);
    log.database
      .prepare(`UPDATE events SET envelope = ?, hash = ? WHERE stream_id = ${matchA} AND revision = 4`)
      .run(forged?.envelopeJson, forged?.metadata.hash);
    log.database.close();
    const rewritten = verify('match-a', '--data-dir', dataDir);
    expect(rewritten.stdout).toMatch(/^hash chain BROKEN at match-a@4 \(position 7\): head-mismatch/);
  });

  it('says when a file predates recorded heads instead of claiming the tail was checked', () => {
    tamper(dataDir, 'DROP TABLE stream_heads; PRAGMA user_version = 0');
    const result = verify('all', '--data-dir', dataDir);
    expect(result.stdout).toMatch(
      /hash chain intact: 7 events .*; truncation NOT checked: this file was written before/,
    );
    expect(result.status).toBe(0);
  });

  it('checks a later log against heads published earlier: growth is fine, a careful truncation is not', async () => {
    const headsFile = join(dataDir, 'published-heads.json');
    expect(verify('all', '--data-dir', dataDir, '--write-heads', headsFile).status).toBe(0);
    expect(JSON.parse(readFileSync(headsFile, 'utf8'))).toMatchObject({
      format: 'tablecast-stream-heads/1',
      heads: [
        { stream: 'match-a', revision: 4 },
        { stream: 'match-b', revision: 1 },
      ],
    });
    const log = new SqliteEventLog({ dataDir });
    await log.append('match-b', [7, 8].map(event), 1);
    await log.close();
    const grown = verify('all', '--data-dir', dataDir, '--heads', headsFile);
    expect(grown.stdout).toMatch(/^hash chain intact: 9 events .*, 2 published head\(s\) present/);
    expect(grown.status).toBe(0);

    // Someone who deletes the tail and moves the in-file head to match passes the file's own check…
    tamper(
      dataDir,
      `DELETE FROM events WHERE stream_id = ${matchA} AND revision >= 3;
       UPDATE stream_heads SET (revision, hash) = (SELECT revision, hash FROM events WHERE stream_id = ${matchA} AND revision = 2)
         WHERE stream = 'match-a'`,
    );
    expect(verify('all', '--data-dir', dataDir).status).toBe(0);
    // …but not the heads published before.
    const checked = verify('all', '--data-dir', dataDir, '--heads', headsFile);
    expect(checked.stdout).toMatch(
      /^hash chain BROKEN at match-a@2 \(position 3\): truncated, expected published head at revision 4 with hash [0-9a-f]{64}, found last event at revision 2/,
    );
    expect(checked.status).toBe(1);
  });

  it('refuses a malformed heads file, naming the field', () => {
    const headsFile = join(dataDir, 'bad-heads.json');
    writeFileSync(
      headsFile,
      JSON.stringify({
        format: 'tablecast-stream-heads/1',
        heads: [{ stream: 'match-a', revision: 4, hash: 'xyz' }],
      }),
    );
    const result = verify('all', '--data-dir', dataDir, '--heads', headsFile);
    expect(result.stdout).toMatch(/heads\[0\]\.hash: expected a lowercase hex SHA-256 digest/);
    expect(result.status).toBe(2);
  });

  it('exits 2 when there is nothing to verify', () => {
    expect(verify('all', '--data-dir', join(dataDir, 'missing')).status).toBe(2);
    const unknown = verify('match-zzz', '--data-dir', dataDir);
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toMatch(/stream match-zzz has no events/);
  });
});
