/**
 * On-air overlays benchmark (issue #8): message-to-paint latency in headless Chromium and the
 * JavaScript each overlay page loads, gzipped.
 *
 * Latency: every page marks `tablecast-frame-<seq>` when a feed frame is applied to its store and
 * measures in the animation frame that shows it, once the DOM has it, just before the browser
 * paints (overlays/src/lib/feed/paint-marks.ts; the store draws the first frame after a paint at
 * once and later ones in that animation frame, feed-store.svelte.ts). Most of a slow page's
 * figure is the wait for that frame: Chromium begins one only when the previous frame has been
 * rastered and drawn, so raster and compositing cost count as much as script. The
 * built server plays a seeded bot match; each page is measured alone, as each OBS browser source
 * runs in its own renderer.
 * Targets: p95 under one frame at 60 Hz (16.7 ms); under 60 KB of gzipped JS per page.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { repoRoot } from '../e2e/support/repo';
import { startServerProcess } from '../e2e/support/server-process';
import { createSimulatedMatch } from '../e2e/support/simulated-match';
import { fmt, markdownTable, percentile } from './lib/stats';

const OPERATOR = 'bench-overlays-operator-token-1';
const REFEREE = 'bench-overlays-referee-token-01';
const MATCH = 'bench_overlays';
const COMMANDS = Number(process.env.OVERLAYS_BENCH_COMMANDS ?? '150');
const FRAME_TARGET_MS = 16.7;
const JS_TARGET_KB = 60;
const PAGES: readonly { name: string; feed: 'venue' | 'broadcast'; path: string }[] = [
  { name: 'scorebug', feed: 'venue', path: `/overlays/scorebug/?match=${MATCH}&feed=venue` },
  { name: 'table', feed: 'venue', path: `/overlays/table/?match=${MATCH}&feed=venue` },
  { name: 'table', feed: 'broadcast', path: `/overlays/table/?match=${MATCH}&feed=broadcast` },
  { name: 'moments', feed: 'venue', path: `/overlays/moments/?match=${MATCH}&feed=venue` },
  { name: 'standings', feed: 'venue', path: `/overlays/standings/?match=${MATCH}&feed=venue` },
  { name: 'lowerthird', feed: 'venue', path: `/overlays/lowerthird/?match=${MATCH}&feed=venue&seat=S` },
  { name: 'watch', feed: 'broadcast', path: `/watch/${MATCH}` },
];

/** Gzipped bytes of the JS an overlay page loads: its entry script and every module it preloads. */
function pageJsGzipBytes(page: string): number {
  const dist = join(repoRoot, 'overlays/dist');
  const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/overlays\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  return [...new Set(scripts)].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
}

async function paintLatencies(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('tablecast-paint-'))
      .map((entry) => entry.duration),
  );
}

async function main(): Promise<void> {
  process.stderr.write('overlays bench: building the overlays\n');
  execFileSync('npm', ['run', 'build', '-w', '@tablecast/overlays'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = await startServerProcess({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
    LOG_LEVEL: 'info',
  });
  const browser = await launchBrowser();
  try {
    const match = await createSimulatedMatch({
      url: server.url,
      matchId: MATCH,
      seed: 'overlays-bench',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // One page at a time, as each OBS browser source is its own renderer: the figure is the page's
    // own cost, not seven pages fighting over two cores.
    const rows: string[][] = [];
    let events = 0;
    for (const spec of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto(`${server.url}${spec.path}`);
      const start = (await match.playUntil(() => true)).revision;
      process.stderr.write(`overlays bench: ${spec.name} (${spec.feed}), ${String(COMMANDS)} commands\n`);
      const { revision: end } = await match.playUntil((_, revision) => revision >= start + COMMANDS);
      events += end - start;
      // Let the delayed broadcast feed catch up (1 s delay) before reading the marks.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const samples = (await paintLatencies(page)).sort((a, b) => a - b);
      await page.close();
      const kb = pageJsGzipBytes(spec.name) / 1024;
      const p95 = samples.length > 0 ? percentile(samples, 95) : Number.NaN;
      rows.push([
        spec.name,
        spec.feed,
        String(samples.length),
        samples.length > 0 ? fmt(percentile(samples, 50)) : '–',
        fmt(p95),
        samples.length > 0 ? fmt(samples[samples.length - 1] ?? Number.NaN) : '–',
        p95 < FRAME_TARGET_MS ? 'yes' : 'NO',
        fmt(kb),
        kb < JS_TARGET_KB ? 'yes' : 'NO',
      ]);
    }
    process.stdout.write(
      [
        '## Overlays: message-to-paint latency and page weight',
        '',
        `A seeded bot match through the real HTTP API, ${String(events)} events in all: each page open alone in headless Chromium ` +
          `for ${String(COMMANDS)} events (1920x1080, the venue feed live, the broadcast feed 1 s behind). Latency: from a feed frame applied to the store to the animation frame ` +
          'that shows it (DOM updated, just before paint; `performance.measure`), in ms. JS: entry plus preloaded modules, gzip -9, in KB. ' +
          `Targets: p95 < ${String(FRAME_TARGET_MS)} ms, JS < ${String(JS_TARGET_KB)} KB. Server, bot driver and Chromium share the same 2 cores; ` +
          `load average at the end of the run: ${loadavg()
            .map((x) => fmt(x))
            .join(', ')} (other work on the machine inflates the tail).`,
        '',
        markdownTable(
          ['page', 'feed', 'frames', 'p50 ms', 'p95 ms', 'max ms', 'p95 < 16.7 ms', 'JS gzip KB', '< 60 KB'],
          rows,
        ),
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
