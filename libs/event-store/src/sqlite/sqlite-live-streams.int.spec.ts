import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { numberedPass } from '../contract/fixtures';
import type { UnsealedEvent } from '../port';
import { comparePositions, type Position } from '../position';
import { exited, spawnAppendChild } from '../testing/spawn-child';
import { LIVE_STREAMS_SCHEMA_VERSION } from './live-streams';
import { SqliteEventLog } from './sqlite-event-log';

const pass = (n: number): UnsealedEvent => numberedPass(n, 'live');
const ended = (n: number, type = 'MatchEnded'): UnsealedEvent => ({ ...numberedPass(n, 'live'), type });

let dataDir: string;
let log: SqliteEventLog;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-live-streams-'));
  log = new SqliteEventLog({ dataDir });
});

afterEach(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the events say: the match streams whose last event at `head` is not an end. */
async function liveByEvents(at: SqliteEventLog, head: Position | undefined): Promise<string[]> {
  const live: string[] = [];
  const streams = at.database
    .prepare<[], string>("SELECT name FROM streams WHERE name LIKE 'match-%'")
    .pluck()
    .all();
  for (const stream of streams) {
    const events = (await at.readStream(stream)).filter(
      (event) => head !== undefined && comparePositions(event.position, head) <= 0,
    );
    const last = events.at(-1);
    if (last !== undefined && last.type !== 'MatchEnded' && !last.type.endsWith('.MatchEnded'))
      live.push(stream);
  }
  return live.sort();
}

describe('SQLite live match streams (kept with each append)', () => {
  it('a match stream is live from its first event until its end, and again after an event past the end', async () => {
    expect(await log.readLiveStreams()).toEqual({ head: undefined, live: [] });
    await log.append('match-a', [pass(0), pass(1)], 'no_stream');
    await log.append('match-b', [pass(2)], 'no_stream');
    await log.append('appeal-x', [pass(3)], 'no_stream');
    await log.append('match-c', [pass(4), ended(5, 'guandan.MatchEnded')], 'no_stream');
    expect((await log.readLiveStreams())?.live).toEqual(['match-a', 'match-b']);

    const end = await log.append('match-a', [ended(6)], 1);
    expect(await log.readLiveStreams()).toEqual({ head: end.position, live: ['match-b'] });
    // A correction appended after the end: the match is being played again.
    await log.append('match-a', [pass(7)], 2);
    expect((await log.readLiveStreams())?.live).toEqual(['match-a', 'match-b']);
  });

  it('an append that fails leaves the set as it was (it is written in the append’s transaction)', async () => {
    await log.append('match-a', [pass(0)], 'no_stream');
    await expect(log.append('match-a', [ended(1)], 5)).rejects.toThrow();
    await expect(log.append('match-new', [pass(2)], 3)).rejects.toThrow();
    expect((await log.readLiveStreams())?.live).toEqual(['match-a']);
  });

  it('with heads on request: every stream’s head in the same snapshot', async () => {
    await log.append('match-a', [pass(0), ended(1)], 'no_stream');
    await log.append('broadcast-a', [pass(2)], 'no_stream');
    const read = await log.readLiveStreams({ withHeads: true });
    expect(read?.live).toEqual([]);
    expect(read?.heads?.map(({ stream, revision }) => [stream, revision])).toEqual([
      ['broadcast-a', 0],
      ['match-a', 1],
    ]);
  });

  it('a log written before the set was kept gets it once, from its events, at its first open for writing', async () => {
    await log.append('match-ended', [pass(0), ended(1)], 'no_stream');
    await log.append('match-playing', [pass(2)], 'no_stream');
    await log.append('match-corrected', [pass(3), ended(4), pass(5)], 'no_stream');
    log.database.exec('DROP TABLE live_streams; PRAGMA user_version = 3');
    await log.close();

    const readOnly = new SqliteEventLog({ dataDir, readOnly: true });
    expect(await readOnly.readLiveStreams()).toBeUndefined();
    await readOnly.close();

    log = new SqliteEventLog({ dataDir });
    expect(log.database.pragma('user_version', { simple: true })).toBe(LIVE_STREAMS_SCHEMA_VERSION);
    expect((await log.readLiveStreams())?.live).toEqual(['match-corrected', 'match-playing']);
    await log.append('match-playing', [ended(6)], 0);
    expect((await log.readLiveStreams())?.live).toEqual(['match-corrected']);
  });

  it('another process begins and ends matches meanwhile: every read agrees with the events at its head', async () => {
    const { child, lines } = spawnAppendChild(['matches', dataDir, 'match-m', '60'], 'pipe');
    const output = lines[Symbol.asyncIterator]();
    expect((await output.next()).value).toBe('begun');
    // Begun by the other process, and nothing appended since: live for this one.
    expect((await log.readLiveStreams())?.live).toEqual(['match-m0']);
    child.stdin?.end('go\n');
    const reads: { live: readonly string[]; byEvents: string[] }[] = [];
    const done = (async () => {
      for (let line = await output.next(); line.done !== true; line = await output.next())
        if (line.value === 'done') return;
    })();
    const writer = { finished: false };
    void done.then(() => {
      writer.finished = true;
    });
    while (!writer.finished) {
      const read = await log.readLiveStreams();
      if (read === undefined) throw new Error('no live set');
      // The streams begun or ended after the head (while the events are read) are judged at it.
      reads.push({ live: read.live, byEvents: await liveByEvents(log, read.head) });
      // The reads answer synchronously: let the child's lines in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await exited(child);
    expect(child.exitCode).toBe(0);
    for (const { live, byEvents } of reads) expect(live).toEqual(byEvents);
    expect((await log.readLiveStreams())?.live).toEqual([]);
  });
});
