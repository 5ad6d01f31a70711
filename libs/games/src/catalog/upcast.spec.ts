import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tablecastCatalog } from './tablecast-catalog';

/** The platform's committed fixtures of stored events (libs/events/fixtures). */
const eventsFixtures = join(__dirname, '..', '..', '..', 'events', 'fixtures');

/**
 * A stored AppealFiled in the v1 shape (revisions inside the match stream only), written by the
 * SQLite log's raw append with schemaVersion 1 and committed, so its bytes and hash never change.
 * It must come out as v2 before any projection sees it.
 */
const storedV1 = JSON.parse(readFileSync(join(eventsFixtures, 'appeal-filed.v1.stored.json'), 'utf8')) as {
  type: string;
  data: Record<string, unknown>;
  metadata: { schemaVersion: number };
};

/** Its data as v2, written out by hand (also what the SQLite log's old-version test expects). */
const expectedV2 = JSON.parse(
  readFileSync(join(eventsFixtures, 'appeal-filed.v1.read-as-v2.json'), 'utf8'),
) as unknown;

describe('upcasting', () => {
  it('reads the real v1 fixture as the current AppealFiled', () => {
    expect(storedV1.metadata.schemaVersion).toBe(1);
    expect(tablecastCatalog.definition('AppealFiled')?.version).toBe(2);
    const result = tablecastCatalog.upcast(storedV1.type, storedV1.metadata.schemaVersion, storedV1.data);
    expect(result).toEqual({
      ok: true,
      value: { type: 'AppealFiled', data: expectedV2 },
    });
  });

  it('refuses v1 data that was never a valid v1 event, naming the event', () => {
    const corrupt = { ...storedV1.data, disputedRevisions: 'forty-one' };
    const result = tablecastCatalog.upcast('AppealFiled', 1, corrupt);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.issues[0]?.message).toMatch(/^AppealFiled v1: /);
  });

  it('refuses a version newer than this build knows, and an unknown stored type', () => {
    const newer = tablecastCatalog.upcast('AppealFiled', 3, storedV1.data);
    expect(newer.ok ? [] : newer.issues).toEqual([
      { path: 'metadata.schemaVersion', message: 'AppealFiled v3 cannot be read; this build knows v1–v2' },
    ]);
    expect(tablecastCatalog.upcast('Mystery', 1, {}).ok).toBe(false);
  });

  it('passes current-version data through untouched', () => {
    const data = { seat: 'N' };
    const result = tablecastCatalog.upcast('Passed', 1, data);
    expect(result.ok && result.value.data).toBe(data);
  });
});
