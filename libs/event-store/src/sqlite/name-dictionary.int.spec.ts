import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAll } from '../chain/verify';
import { collect, numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { SqliteEventLog } from './sqlite-event-log';

let dataDir: string;
const opened: SqliteEventLog[] = [];

function open(readOnly = false): SqliteEventLog {
  const log = new SqliteEventLog({ dataDir, readOnly, crossProcessPollMs: 20 });
  opened.push(log);
  return log;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-names-'));
});

afterEach(async () => {
  for (const log of opened.splice(0)) if (log.database.open) await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const typed = (n: number, type: string): UnsealedEvent => ({ ...numberedPass(n, 'names'), type });

const names = (events: readonly StoredEvent[]): string[] =>
  events.map((event) => `${event.stream}@${String(event.revision)} ${event.type}`);

describe('stream and type ids (schema v3), per connection', () => {
  it('never keeps the id of a name whose append rolled back: SQLite hands that id to the next new name', async () => {
    const log = open();
    // An insert error after the append has added stream `a` and type `TypeA` to the dictionaries.
    log.database.exec(`CREATE TRIGGER refuse_a BEFORE INSERT ON events
      WHEN (SELECT name FROM streams WHERE id = NEW.stream_id) = 'a'
      BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
    await expect(log.append('a', [typed(0, 'TypeA')], 'no_stream')).rejects.toThrow(/refused for the test/);
    log.database.exec('DROP TRIGGER refuse_a');
    expect(log.database.prepare('SELECT count(*) AS n FROM streams').get()).toEqual({ n: 0 });

    await log.append('b', [typed(1, 'TypeB')], 'no_stream');
    await log.append('a', [typed(2, 'TypeA'), typed(3, 'TypeB')], 'no_stream');
    // `b` and `TypeB` took the ids the rolled-back append had used for `a` and `TypeA`.
    expect(log.database.prepare('SELECT id, name FROM streams ORDER BY id').all()).toEqual([
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
    ]);
    expect(log.database.prepare('SELECT id, name FROM event_types ORDER BY id').all()).toEqual([
      { id: 1, name: 'TypeB' },
      { id: 2, name: 'TypeA' },
    ]);
    expect(names(await log.readStream('a'))).toEqual(['a@0 TypeA', 'a@1 TypeB']);
    expect(names(await log.readStream('b'))).toEqual(['b@0 TypeB']);
    const all = await collect(log.readAll());
    expect(names(all)).toEqual(['b@0 TypeB', 'a@0 TypeA', 'a@1 TypeB']);
    expect(verifyAll(all)).toEqual({ ok: true, events: 3, streams: 2 });
    await expect(log.append('a', [typed(4, 'TypeA')], 1)).resolves.toMatchObject({ nextRevision: 2 });
  });

  it('keeps the names of a rejected append out of the file and the cache (wrong expected revision)', async () => {
    const log = open();
    await log.append('a', [typed(0, 'TypeA')], 'no_stream');
    await expect(log.append('a', [typed(1, 'TypeNew')], 5)).rejects.toThrow(/expected revision 5/);
    await log.append('c', [typed(2, 'TypeC')], 'no_stream');
    await log.append('a', [typed(3, 'TypeNew')], 0);
    expect(names(await collect(log.readAll()))).toEqual(['a@0 TypeA', 'c@0 TypeC', 'a@1 TypeNew']);
  });

  it('reads ids another connection added: a second writer, a read-only reader and its subscriptions', async () => {
    const writer = open();
    await writer.append('match-1', [typed(0, 'Passed')], 'no_stream');
    const other = open();
    const reader = open(true);
    // Before the stream exists, a read-only reader finds nothing, and is not stuck with that.
    expect(await reader.readStream('match-2')).toEqual([]);
    expect(names(await collect(reader.readAll()))).toEqual(['match-1@0 Passed']);
    const live = reader.subscribeToAll({ filter: { streamPrefixes: ['match-2', 'appeal-'] } });
    const byType = reader.subscribeToAll({ filter: { eventTypes: ['AppealFiled'] } });

    await other.append('match-2', [typed(1, 'CardsPlayed'), typed(2, 'Passed')], 'no_stream');
    await other.append('appeal-1', [typed(3, 'AppealFiled')], 'no_stream');
    // The first writer meets ids the second one created: its head check and its inserts use them.
    await writer.append('match-2', [typed(4, 'AppealFiled')], 1);
    await writer.append('match-1', [typed(5, 'CardsPlayed')], 0);

    expect(names(await reader.readStream('match-2'))).toEqual([
      'match-2@0 CardsPlayed',
      'match-2@1 Passed',
      'match-2@2 AppealFiled',
    ]);
    expect(names(await reader.readStream('match-2', { direction: 'backwards', maxCount: 1 }))).toEqual([
      'match-2@2 AppealFiled',
    ]);
    const expected = [
      'match-1@0 Passed',
      'match-2@0 CardsPlayed',
      'match-2@1 Passed',
      'appeal-1@0 AppealFiled',
      'match-2@2 AppealFiled',
      'match-1@1 CardsPlayed',
    ];
    for (const log of [reader, writer, other]) {
      const all = await collect(log.readAll());
      expect(names(all)).toEqual(expected);
      expect(verifyAll(all)).toEqual({ ok: true, events: 6, streams: 3 });
    }
    expect(names(await collect(live, 4))).toEqual([
      'match-2@0 CardsPlayed',
      'match-2@1 Passed',
      'appeal-1@0 AppealFiled',
      'match-2@2 AppealFiled',
    ]);
    expect(names(await collect(byType, 2))).toEqual(['appeal-1@0 AppealFiled', 'match-2@2 AppealFiled']);
    await live.close();
    await byType.close();
  });

  it('reads an event whose name row is gone under a placeholder, which verification reports', async () => {
    const log = open();
    await log.append('match-1', [typed(0, 'Passed'), typed(1, 'Passed')], 'no_stream');
    await log.append('match-2', [typed(2, 'Passed')], 'no_stream');
    await log.close();
    const editor = open();
    editor.database.exec(`DELETE FROM streams WHERE name = 'match-1'`);
    await editor.close();
    const all = await collect(open(true).readAll());
    expect(names(all)).toEqual([
      '(no name for streams.id 1)@0 Passed',
      '(no name for streams.id 1)@1 Passed',
      'match-2@0 Passed',
    ]);
    expect(verifyAll(all)).toMatchObject({ ok: false, brokenLink: { revision: 0, kind: 'hash-mismatch' } });
  });
});
