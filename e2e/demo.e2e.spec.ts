import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { repoRoot } from './support/repo';

interface Frame {
  readonly type: string;
  readonly audience?: string;
  readonly status?: unknown;
  readonly view?: unknown;
}

/** Subscribes to the venue and broadcast feeds of a match and returns the first feed frame of each. */
async function firstFrames(wsUrl: string, matchId: string): Promise<{ venue?: Frame; broadcast?: Frame }> {
  const socket = new WebSocket(`${wsUrl}/ws`);
  const frames: { venue?: Frame; broadcast?: Frame } = {};
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no feed frames within 15 s: ${JSON.stringify(frames)}`));
    }, 15_000);
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
      socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'broadcast' }));
    });
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as Frame;
      if (frame.type !== 'feed') return;
      if (frame.audience === 'venue') frames.venue ??= frame;
      if (frame.audience === 'broadcast') frames.broadcast ??= frame;
      if (frames.venue && frames.broadcast) {
        clearTimeout(timer);
        resolve();
      }
    });
    socket.on('error', reject);
  });
  socket.close();
  return frames;
}

/** The environment without LOG_LEVEL, whatever the shell running the tests set it to. */
function withoutLogLevel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.LOG_LEVEL;
  return copy;
}

describe('the demo final (`tablecast demo`, what `npm run demo` runs after building)', () => {
  it('starts and serves a live match played by bots within 60 s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-demo-'));
    const child = spawn(
      process.execPath,
      ['apps/cli/bin/tablecast.js', 'demo', '--pace', '20', '--deals', '2'],
      {
        cwd: repoRoot,
        // No LOG_LEVEL: the demo's own default (warn) is under test.
        env: { ...withoutLogLevel(process.env), PORT: '0', TABLECAST_DATA_DIR: dataDir },
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
      // The printed spectator site, on-air table overlay and producer dashboard (via its short
      // /producer/ address, which redirects to the built page) are served.
      for (const printed of [/spectator site +(\S+)/, /on air \(OBS\) +(\S+)/, /producer dashboard +(\S+)/]) {
        const pageUrl = printed.exec(output)?.[1] ?? '';
        expect(pageUrl.startsWith(url)).toBe(true);
        const page = await fetch(pageUrl);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<script');
      }

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

      // The venue feed is live; the broadcast feed is still building its 30 s security delay.
      const matches = (await (
        await fetch(`${url}/api/matches`, { headers: { authorization: `Bearer ${referee}` } })
      ).json()) as { matchId: string }[];
      const matchId = matches.find((m) => m.matchId.startsWith('demo_'))?.matchId ?? '';
      const frames = await firstFrames(url.replace('http', 'ws'), matchId);
      expect(frames.venue).toMatchObject({ type: 'feed', status: { state: 'live' } });
      expect(frames.venue?.view).not.toBeNull();
      expect(frames.broadcast).toMatchObject({
        type: 'feed',
        status: { state: 'delayBuilding', delayMs: 30_000 },
        view: null,
      });

      // The terminal shows the addresses and the demo's progress, not a JSON line per request.
      expect(output).toMatch(/demo: match demo_\S+_1 started \(2 deals\)/);
      expect(output).not.toContain('"level":30');

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('warns about nothing over a few deals: no tokens warning, no OBS or page warning per deal', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-demo-'));
    const child = spawn(
      process.execPath,
      ['apps/cli/bin/tablecast.js', 'demo', '--pace', '20', '--deals', '2'],
      {
        cwd: repoRoot,
        // A short delay, so the auto-director sees the released deals while the test watches.
        env: {
          ...withoutLogLevel(process.env),
          PORT: '0',
          TABLECAST_DATA_DIR: dataDir,
          BROADCAST_DELAY_MS: '1000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => /token producer = (\S+)/.exec(output)?.[1], { timeout: 30_000, interval: 200 })
        .toBeDefined();
      const url = /Tablecast demo final on (\S+)/.exec(output)?.[1] ?? '';
      const producer = /token producer = (\S+)/.exec(output)?.[1] ?? '';
      // With no OBS configured the director's OBS rules are idle (never tried, never logged as
      // failing each deal); a moment cue with no overlay page open is tried, and fails.
      await expect
        .poll(
          async () => {
            const response = await fetch(`${url}/api/director`, {
              headers: { authorization: `Bearer ${producer}` },
            });
            const { log } = (await response.json()) as { log: { outcome: string; detail: string }[] };
            const failed = log.filter((entry) => entry.outcome === 'failed').map((entry) => entry.detail);
            return {
              obsTried: failed.some((detail) => detail.includes('no OBS is configured')),
              noPage: failed.some((detail) => detail.includes('no overlay page')),
            };
          },
          { timeout: 90_000, interval: 500 },
        )
        .toEqual({ obsTried: false, noPage: true });
      await expect
        .poll(() => /demo: match demo_\S+_3 started/.test(output), { timeout: 60_000, interval: 500 })
        .toBe(true);
      const warnings = output.split('\n').filter((line) => /"level":[4-6]\d|\bWARN|warning/i.test(line));
      expect(warnings).toEqual([]);

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('--game doudizhu: three tables play the same boards with one commitment each, and the printed links are served', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-ddz-demo-'));
    const child = spawn(
      process.execPath,
      ['apps/cli/bin/tablecast.js', 'demo', '--game', 'doudizhu', '--pace', '0', '--deals', '2'],
      {
        cwd: repoRoot,
        env: { ...withoutLogLevel(process.env), PORT: '0', TABLECAST_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => /Tablecast Dou Dizhu demo final on (\S+)/.exec(output)?.[1], {
          timeout: 30_000,
          interval: 200,
        })
        .toBeDefined();
      const url = /Tablecast Dou Dizhu demo final on (\S+)/.exec(output)?.[1] ?? '';
      expect([...output.matchAll(/terminal seat \d +(\S+)/g)]).toHaveLength(9);
      // Each table's on-air table page and spectator site, as printed, are served.
      const pages = [
        ...output.matchAll(/on air \(OBS\) +(\S+)/g),
        ...output.matchAll(/spectator site +(\S+)/g),
      ];
      expect(pages).toHaveLength(6);
      for (const [, pageUrl = ''] of pages) {
        expect(pageUrl.startsWith(url)).toBe(true);
        expect((await fetch(pageUrl)).status).toBe(200);
      }
      // Both boards of the first final played on the three tables, each deal verified by anyone.
      await expect
        .poll(() => [...output.matchAll(/demo: board (\S+) played on 3 tables, deal verified/g)].length, {
          timeout: 120_000,
          interval: 500,
        })
        .toBeGreaterThanOrEqual(2);
      const board = /demo: board (\S+) played on 3 tables/.exec(output)?.[1] ?? '';
      const verification = (await (await fetch(`${url}/api/boards/${board}/verify`)).json()) as {
        verified: boolean;
        commitment: string;
        tables: { table: string; committed: string }[];
      };
      expect(verification.verified).toBe(true);
      expect(verification.tables.map((t) => [t.table, t.committed])).toEqual(
        ['t1', 't2', 't3'].map((t) => [t, verification.commitment]),
      );

      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
