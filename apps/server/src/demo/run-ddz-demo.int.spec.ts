import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchStream } from '@tablecast/events';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BoardSets } from '../boards/board-sets.service';
import { loadConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { DDZ_DEMO } from './duplicate-final';
import { runDuplicateDemo } from './run-duplicate-demo';
import type { RunningDemo } from './run-demo';

describe('the Dou Dizhu demo final (the real server, bots on every seat)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-ddz-demo-'));
  let demo: RunningDemo | undefined;
  afterAll(async () => {
    await demo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('DDZ-GEN-1: plays the same boards on three tables, each deal with one commitment that verifies; prints terminal, overlay and spectator links per table', async () => {
    const lines: string[] = [];
    demo = await runDuplicateDemo(
      DDZ_DEMO,
      loadConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        TABLECAST_DATA_DIR: dataDir,
        BROADCAST_DELAY_MS: '30000',
      }),
      { paceMs: 0, deals: 2, print: (line) => lines.push(line) },
    );
    const text = lines.join('\n');
    const terminals = [...text.matchAll(/terminal seat (\d) +(\S+)/g)].map((m) => new URL(m[2] ?? ''));
    expect(terminals).toHaveLength(9);
    for (const url of terminals) {
      expect(url.pathname).toBe('/overlays/play/');
      expect(url.searchParams.get('match')).toMatch(/^ddz_\d+_1_t[123]$/);
      expect(url.hash).toMatch(/^#token=\S+/);
    }
    const tables = [...text.matchAll(/\/overlays\/table\/\?(\S+)/g)].map((m) => new URLSearchParams(m[1]));
    expect(tables.map((q) => [q.get('table'), q.get('feed')])).toEqual([
      ['t1', 'broadcast'],
      ['t2', 'broadcast'],
      ['t3', 'broadcast'],
    ]);
    expect([...text.matchAll(/spectator site +\S+\/watch\/(\S+)/g)].map((m) => m[1])).toHaveLength(3);

    // Both boards played on every table, each verified against its one commitment.
    await vi.waitFor(
      () => {
        expect(lines.filter((l) => l.endsWith(' played on 3 tables, deal verified'))).toHaveLength(2);
      },
      { timeout: 120_000, interval: 200 },
    );
    expect(lines.some((l) => l.includes('NOT verified'))).toBe(false);
    const boardIds = /boards +(\S+) (\S+)/.exec(text)?.slice(1) ?? [];
    expect(boardIds).toHaveLength(2);
    const server = demo.server;
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const matchIds = [...new Set(terminals.map((url) => url.searchParams.get('match') ?? ''))];
    const commitments = await Promise.all(
      matchIds.map(async (matchId) =>
        (await store.readStream(matchStream(matchId)))
          .filter((e) => (e.type as string) === 'doudizhu.DeckCommitted')
          .map((e) => e.data as unknown as { board: number; redeal: number; commitment: string })
          .filter((d) => d.redeal === 0)
          .map((d) => [d.board, d.commitment]),
      ),
    );
    expect(commitments[0]).toHaveLength(2);
    expect(commitments[1]).toEqual(commitments[0]);
    expect(commitments[2]).toEqual(commitments[0]);
    for (const id of boardIds) {
      const verification = await server.app.get(BoardSets).verify(id);
      expect(verification.verified).toBe(true);
      expect(verification.tables.map((t) => t.table)).toEqual(['t1', 't2', 't3']);
      const results = await server.app.get(BoardSets).results(id);
      expect(results.tables.every((t) => t.result !== null)).toBe(true);
    }
  });
});
