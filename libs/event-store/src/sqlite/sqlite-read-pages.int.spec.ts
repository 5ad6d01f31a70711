import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, numberedPass } from '../contract/fixtures';
import type { StoredEvent, UnsealedEvent } from '../port';
import { positionOf } from '../position';
import { SqliteEventLog } from './sqlite-event-log';

const passed = (n: number): UnsealedEvent => numberedPass(n, 'pages');

let dataDir: string;
let log: SqliteEventLog;
const total = 2_500; // two and a half read pages of 1,000

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tablecast-pages-'));
  log = new SqliteEventLog({ dataDir });
  for (let b = 0; b < total / 500; b += 1) {
    await log.append(
      `match-${b % 2}`,
      Array.from({ length: 500 }, (_, i) => passed(b * 500 + i)),
      'any',
    );
  }
});

afterAll(async () => {
  await log.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const positions = (events: readonly { position: { commit: bigint } }[]): number[] =>
  events.map((event) => Number(event.position.commit));
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

describe('SQLite readAll across read pages', () => {
  it('delivers every event once, in order, over page boundaries', async () => {
    const all = await collect(log.readAll());
    expect(positions(all)).toEqual(range(1, total));
    expect(all.map((event) => event.metadata.correlationId)).toEqual(
      range(0, total).map((n) => `pages-${n}`),
    );
  });

  it('starts at an inclusive position and stops after maxCount, also mid-page', () => {
    expect(positions([...log.readAllSync({ fromPosition: positionOf(999), maxCount: 1_203 })])).toEqual(
      range(999, 1_203),
    );
    expect(positions([...log.readAllSync({ fromPosition: positionOf(2_001) })])).toEqual(range(2_001, 500));
    expect([...log.readAllSync({ fromPosition: positionOf(total + 1) })]).toEqual([]);
    expect([...log.readAllSync({ maxCount: 0 })]).toEqual([]);
  });

  it('can be left early and read again', () => {
    const iterator = log.readAllSync();
    const first = iterator.next() as IteratorResult<StoredEvent, undefined>;
    expect(first.done === true ? undefined : Number(first.value.position.commit)).toBe(1);
    expect(positions([...log.readAllSync({ maxCount: 3 })])).toEqual([1, 2, 3]);
  });
});
