import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAll } from '../chain/verify';
import { collect } from '../contract/fixtures';
import { createEventStore, type EventStore } from '../event-store';
import type { StoredEvent } from '../port';
import { SQLITE_FILE_NAME, SqliteEventLog } from './sqlite-event-log';
import { storeTestCatalog, type StoreTestEvent } from '../contract/store-catalog';

/** The committed v1 AppealFiled (see libs/games/src/catalog/upcast.spec.ts), with its original hash. */
const fixture = JSON.parse(
  readFileSync(
    join(__dirname, '..', '..', '..', 'events', 'fixtures', 'appeal-filed.v1.stored.json'),
    'utf8',
  ),
) as Omit<StoredEvent, 'position'>;

/**
 * A file an older build wrote (one column per envelope field, schema before v2), whose first event
 * is that v1 AppealFiled row for row: no re-sealing, no validation (see sqlite-migration.int.spec.ts).
 */
const oldFile = join(__dirname, '..', '..', 'fixtures', 'events.layout-v1.sqlite');

let dataDir: string;
let log: SqliteEventLog;
let store: EventStore<StoreTestEvent>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-old-version-'));
  copyFileSync(oldFile, join(dataDir, SQLITE_FILE_NAME));
  log = new SqliteEventLog({ dataDir });
  store = createEventStore({ log, catalog: storeTestCatalog });
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The fixture's data as v2, written out by hand beside it (libs/events/fixtures). */
const expectedV2 = JSON.parse(
  readFileSync(
    join(__dirname, '..', '..', '..', 'events', 'fixtures', 'appeal-filed.v1.read-as-v2.json'),
    'utf8',
  ),
) as Extract<StoreTestEvent, { type: 'AppealFiled' }>['data'];

describe('a stored v1 event read by the current build', () => {
  it('reaches a projection (subscription from the start) as v2, and readers of the stream too', async () => {
    const subscription = store.subscribeToAll();
    const [seen] = await collect(subscription, 1);
    await subscription.close();
    expect(seen).toMatchObject({
      type: 'AppealFiled',
      data: expectedV2,
      stream: fixture.stream,
      revision: 0,
    });
    expect((await store.readStream(fixture.stream))[0]?.data).toEqual(expectedV2);
    expect((await collect(store.readAll()))[0]?.data).toEqual(expectedV2);
  });

  it('still verifies, because the hash covers the v1 bytes as stored', async () => {
    expect(verifyAll(await collect(log.readAll()))).toEqual({ ok: true, events: 8, streams: 4 });
    expect((await log.readStream(fixture.stream))[0]?.metadata).toEqual(fixture.metadata);
  });

  it('chains a new v2 event onto the old one', async () => {
    const appeal = {
      type: 'AppealFiled' as const,
      data: { ...expectedV2, statement: 'Supplement: video attached.' },
      metadata: {
        correlationId: 'c2',
        causationId: fixture.metadata.eventId,
        actor: { id: 'captain-team-jiangsu', role: 'captain' as const },
      },
    };
    await store.append(fixture.stream, [appeal], 0);
    const raw = await log.readStream(fixture.stream);
    expect(raw.map((e) => e.metadata.schemaVersion)).toEqual([1, 2]);
    expect(raw[1]?.metadata.prevHash).toBe(fixture.metadata.hash);
    expect(verifyAll(raw).ok).toBe(true);
  });
});
