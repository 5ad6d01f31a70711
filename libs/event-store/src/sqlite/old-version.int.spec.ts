import { tablecastCatalog, type TablecastEvent } from '@tablecast/events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAll } from '../chain/verify';
import { collect } from '../contract/fixtures';
import { createEventStore, type EventStore } from '../event-store';
import type { StoredEvent } from '../port';
import { SqliteEventLog } from './sqlite-event-log';

/** The committed v1 AppealFiled (see libs/events/src/catalog/upcast.spec.ts), with its original hash. */
const fixture = JSON.parse(
  readFileSync(
    join(__dirname, '..', '..', '..', 'events', 'fixtures', 'appeal-filed.v1.stored.json'),
    'utf8',
  ),
) as Omit<StoredEvent, 'position'>;

let dataDir: string;
let log: SqliteEventLog;
let store: EventStore<TablecastEvent>;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-old-version-'));
  const old = new SqliteEventLog({ dataDir });
  // An older build's file: no stream heads yet (the next open records them, see schema.ts).
  old.database.exec('DROP TABLE stream_heads; PRAGMA user_version = 0');
  const m = fixture.metadata;
  // Inserted row for row, as an older build would have left it: no re-sealing, no validation.
  old.database
    .prepare(
      `INSERT INTO events (stream, revision, type, data, event_id, correlation_id, causation_id, actor_id,
         actor_role, recorded_at, schema_version, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      fixture.stream,
      fixture.revision,
      fixture.type,
      JSON.stringify(fixture.data),
      m.eventId,
      m.correlationId,
      m.causationId,
      m.actor.id,
      m.actor.role,
      m.recordedAt,
      m.schemaVersion,
      m.prevHash,
      m.hash,
    );
  await old.close();
  log = new SqliteEventLog({ dataDir });
  store = createEventStore({ log, catalog: tablecastCatalog });
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const expectedV2 = {
  appealId: 'A2026.F1.3',
  matchId: 'F1',
  handNumber: 3,
  disputed: [
    { stream: 'match-F1', revision: 41 },
    { stream: 'match-F1', revision: 42 },
  ],
  statement: '北家在南家出牌前已经出牌，违反出牌顺序。',
  language: 'zh-CN' as const,
};

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
    expect(verifyAll(await collect(log.readAll()))).toEqual({ ok: true, events: 1, streams: 1 });
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
