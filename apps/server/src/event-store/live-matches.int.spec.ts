import { SQLITE_FILE_NAME, type EventLog } from '@tablecast/event-store';
import { broadcastStream, matchStream } from '@tablecast/events';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import type { AppEventStore } from './event-store.module';
import { readFeedBootPlan } from '../broadcast/feed-boot-plan';
import { readLiveMatches } from './live-matches';
import { openEmbeddedEventStore } from './open-event-store';

/** The matches still being played, as a follower reads them at boot (real SQLite log). */
const dirs: string[] = [];
const stores: AppEventStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openStore(): AppEventStore {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-live-matches-'));
  dirs.push(dir);
  const store = openEmbeddedEventStore(dir);
  stores.push(store);
  return store;
}

const played = finishedGuandan('live-matches');
const withMetadata = (events: typeof played) =>
  events.map((event) => ({ ...event, metadata: TEST_EVENT_METADATA }));
const half = Math.floor(played.length / 2);
const delaySet = {
  type: 'BroadcastDelaySet' as const,
  data: { delayMs: 60_000, previousDelayMs: 30_000 },
  metadata: TEST_EVENT_METADATA,
};

describe('the matches still being played, read from the live set the log keeps', () => {
  it('an empty log has none and no head; a finished match is left out, a match mid-deal is in', async () => {
    const store = openStore();
    expect(await readLiveMatches(store)).toEqual({ head: undefined, matchIds: [] });
    await store.append(matchStream('ended'), withMetadata(played), 'no_stream');
    await store.append(matchStream('playing'), withMetadata(played.slice(0, half)), 'no_stream');
    const live = await readLiveMatches(store);
    expect(live?.matchIds).toEqual(['playing']);
    const [last] = await store.readStream(matchStream('playing'), { direction: 'backwards', maxCount: 1 });
    expect(live?.head).toEqual(last?.position);
  });

  it('a log that keeps no live set cannot tell: undefined (the follower reads from the start)', async () => {
    const store = openStore();
    const without: AppEventStore = { ...store, log: { ...store.log, readLiveStreams: undefined } };
    expect(await readLiveMatches(without)).toBeUndefined();
    expect(await readFeedBootPlan(without)).toBeUndefined();
  });

  it('the boot reads no match’s stream: the live matches and the feed plan come from the set the log keeps', async () => {
    const store = openStore();
    await store.append(matchStream('ended'), withMetadata(played), 'no_stream');
    await store.append(matchStream('playing'), withMetadata(played.slice(0, half)), 'no_stream');
    await store.append(broadcastStream('early'), [delaySet], 'no_stream');
    const read: string[] = [];
    const log: EventLog = Object.create(store.log) as EventLog;
    log.readStream = (stream, options) => {
      read.push(stream);
      return store.log.readStream(stream, options);
    };
    const spied: AppEventStore = {
      ...store,
      log,
      readStream: (stream, options) => {
        read.push(stream);
        return store.readStream(stream, options);
      },
    };
    expect(await readLiveMatches(spied)).toMatchObject({ matchIds: ['playing'] });
    const plan = await readFeedBootPlan(spied);
    expect(plan?.matchIds).toEqual(['ended', 'playing']);
    expect([...(plan?.ended ?? [])]).toEqual([['ended', played.length - 1]]);
    expect([...(plan?.broadcastIds ?? [])]).toEqual(['early']);
    expect(read).toEqual([]);

    await store.append(matchStream('playing'), withMetadata(played.slice(half)), half - 1);
    expect(await readLiveMatches(spied)).toMatchObject({ matchIds: [] });
    expect(read).toEqual([]);
  });

  it('a log written before the live set was kept gets it at its first open, and boots with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-live-matches-old-'));
    dirs.push(dir);
    const old = openEmbeddedEventStore(dir);
    await old.append(matchStream('ended'), withMetadata(played), 'no_stream');
    await old.append(matchStream('playing'), withMetadata(played.slice(0, half)), 'no_stream');
    const file = new Database(join(dir, SQLITE_FILE_NAME));
    file.exec('DROP TABLE live_streams; PRAGMA user_version = 3');
    file.close();
    await old.close();

    const reopened = openEmbeddedEventStore(dir);
    stores.push(reopened);
    const [last] = await reopened.readStream(matchStream('playing'), { direction: 'backwards', maxCount: 1 });
    expect(await readLiveMatches(reopened)).toEqual({ head: last?.position, matchIds: ['playing'] });
  });
});
