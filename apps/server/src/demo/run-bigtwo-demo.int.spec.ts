import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchStream } from '@tablecast/events';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BoardSets } from '../boards/board-sets.service';
import { loadConfig } from '../config';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { B2_DEMO } from './duplicate-final';
import type { RunningDemo } from './run-demo';
import { runDuplicateDemo } from './run-duplicate-demo';

describe('the Big Two demo final (the real server, bots on every seat, the loop the Dou Dizhu demo runs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-b2-demo-'));
  let demo: RunningDemo | undefined;
  afterAll(async () => {
    await demo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('B2-GEN-1: plays the same board on four tables, one commitment that verifies; prints terminal, overlay and spectator links per table', async () => {
    const lines: string[] = [];
    demo = await runDuplicateDemo(
      B2_DEMO,
      loadConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        TABLECAST_DATA_DIR: dataDir,
        BROADCAST_DELAY_MS: '30000',
      }),
      { paceMs: 0, deals: 1, print: (line) => lines.push(line) },
    );
    const text = lines.join('\n');
    expect(text).toContain('Tablecast Big Two demo final');
    const terminals = [...text.matchAll(/terminal seat (\S) +(\S+)/g)].map(
      (m) => [m[1], new URL(m[2] ?? '')] as const,
    );
    expect(terminals).toHaveLength(16);
    expect(terminals.slice(0, 4).map(([seat]) => seat)).toEqual(['S', 'E', 'N', 'W']);
    for (const [, url] of terminals) {
      expect(url.pathname).toBe('/overlays/play/');
      expect(url.searchParams.get('match')).toMatch(/^b2_\d+_1_t[1234]$/);
      expect(url.hash).toMatch(/^#token=\S+/);
    }
    const tables = [...text.matchAll(/\/overlays\/table\/\?(\S+)/g)].map((m) => new URLSearchParams(m[1]));
    expect(tables.map((q) => q.get('table'))).toEqual(['t1', 't2', 't3', 't4']);
    expect([...text.matchAll(/spectator site +\S+\/watch\/(\S+)/g)].map((m) => m[1])).toHaveLength(4);

    await vi.waitFor(
      () => {
        expect(lines.filter((l) => l.endsWith(' played on 4 tables, deal verified'))).toHaveLength(1);
      },
      { timeout: 120_000, interval: 200 },
    );
    expect(lines.some((l) => l.includes('NOT verified'))).toBe(false);
    const [boardId = ''] = /boards +(\S+)/.exec(text)?.slice(1) ?? [];
    const server = demo.server;
    const store = server.app.get<AppEventStore>(EVENT_STORE);
    const matchIds = [...new Set(terminals.map(([, url]) => url.searchParams.get('match') ?? ''))];
    const commitments = await Promise.all(
      matchIds.map(async (matchId) =>
        (await store.readStream(matchStream(matchId)))
          .filter((e) => (e.type as string) === 'bigtwo.DeckCommitted')
          .map((e) => e.data as unknown),
      ),
    );
    expect(commitments[0]).toHaveLength(1);
    for (const table of commitments) expect(table).toEqual(commitments[0]);
    const verification = await server.app.get(BoardSets).verify(boardId);
    expect(verification.verified).toBe(true);
    expect(verification.tables.map((t) => t.table)).toEqual(['t1', 't2', 't3', 't4']);
  }, 150_000);
});
