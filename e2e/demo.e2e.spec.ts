import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';

describe('the demo final (`tablecast demo`, what `npm run demo` runs after building)', () => {
  it('starts and serves a live match played by bots within 60 s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-demo-'));
    const child = spawn(
      process.execPath,
      ['apps/cli/bin/tablecast.js', 'demo', '--pace', '20', '--deals', '2'],
      {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', TABLECAST_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    try {
      await expect
        .poll(() => /Tablecast demo final on (\S+)/.exec(output)?.[1], { timeout: 30_000, interval: 200 })
        .toBeDefined();
      const url = /Tablecast demo final on (\S+)/.exec(output)?.[1] ?? '';
      const referee = /token referee = (\S+)/.exec(output)?.[1] ?? '';
      expect(output).toContain('/overlays/console/?match=demo_');

      // Poll the staff API until a demo match has progressed well past its deal.
      await expect
        .poll(
          async () => {
            const response = await fetch(`${url}/api/matches`, {
              headers: { authorization: `Bearer ${referee}` },
            });
            const matches = (await response.json()) as { matchId: string; revision: number }[];
            return Math.max(
              -1,
              ...matches.filter((m) => m.matchId.startsWith('demo_')).map((m) => m.revision),
            );
          },
          { timeout: 60_000 - (Date.now() - started), interval: 500 },
        )
        .toBeGreaterThan(30);

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
