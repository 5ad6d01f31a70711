import type { Position } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { finishedGuandan, TEST_EVENT_METADATA } from '../testing/finished-guandan';
import type { AppEventStore } from './event-store.module';
import { readLiveMatches, readStreamEnds } from './live-matches';
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

describe('the matches still being played, read from each stream’s last event', () => {
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

  it('each match is judged as it stood at the head: one that ends and one that begins after it are left to the subscription', async () => {
    const store = openStore();
    await store.append(matchStream('ends_later'), withMetadata(played.slice(0, half)), 'no_stream');
    let head: Position | undefined;
    // Another process appends right after the head is taken: the end of one match, a new match.
    const racing: AppEventStore = {
      ...store,
      log: {
        ...store.log,
        readStreamHeads: store.log.readStreamHeads?.bind(store.log),
        headPosition: async () => {
          head = await store.log.headPosition?.();
          await store.append(matchStream('ends_later'), withMetadata(played.slice(half)), half - 1);
          await store.append(matchStream('begins_later'), withMetadata(played.slice(0, 3)), 'no_stream');
          return head;
        },
      },
    };
    const live = await readLiveMatches(racing);
    expect(live?.head).toEqual(head);
    expect(live?.matchIds).toEqual(['ends_later']);
  });

  it('a log that keeps no stream heads cannot tell: undefined (the follower reads from the start)', async () => {
    const store = openStore();
    const headless: AppEventStore = { ...store, log: { ...store.log, readStreamHeads: undefined } };
    expect(await readLiveMatches(headless)).toBeUndefined();
  });

  it('a second follower at the same head reads no stream again; once the head moves, each match is read afresh', async () => {
    const store = openStore();
    await store.append(matchStream('ended'), withMetadata(played), 'no_stream');
    await store.append(matchStream('playing'), withMetadata(played.slice(0, half)), 'no_stream');
    const read: string[] = [];
    const counted: AppEventStore = {
      ...store,
      readStream: (stream, options) => {
        read.push(stream);
        return store.readStream(stream, options);
      },
    };
    expect((await readStreamEnds(counted))?.matches.size).toBe(2);
    expect(read.sort()).toEqual([matchStream('ended'), matchStream('playing')]);
    read.length = 0;
    expect(await readLiveMatches(counted)).toMatchObject({ matchIds: ['playing'] });
    expect(read).toEqual([]);

    await store.append(matchStream('playing'), withMetadata(played.slice(half)), half - 1);
    expect(await readLiveMatches(counted)).toMatchObject({ matchIds: [] });
    expect(read.sort()).toEqual([matchStream('ended'), matchStream('playing')]);
  });
});
