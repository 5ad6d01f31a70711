import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { runDemo, type RunningDemo } from './run-demo';

describe('the demo prints its on-air pages (the real server, bots stopped at once)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-demo-urls-'));
  let demo: RunningDemo | undefined;
  afterAll(async () => {
    await demo?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every on-air page on the one delayed broadcast feed, none on the venue feed', async () => {
    const lines: string[] = [];
    demo = await runDemo(
      loadConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        TABLECAST_DATA_DIR: dataDir,
        BROADCAST_DELAY_MS: '30000',
      }),
      { paceMs: 60_000, deals: 1, print: (line) => lines.push(line) },
    );
    const onAir = lines
      .flatMap((line) => /\S*\/overlays\/(table|scorebug|moments|standings|lowerthird)\/\S*/.exec(line) ?? [])
      .filter((match) => match.startsWith('http'))
      .map((href) => new URL(href));
    expect(onAir.map((url) => url.pathname)).toEqual([
      '/overlays/table/',
      '/overlays/scorebug/',
      '/overlays/moments/',
      '/overlays/standings/',
      '/overlays/lowerthird/',
    ]);
    expect(new Set(onAir.map((url) => url.searchParams.get('feed')))).toEqual(new Set(['broadcast']));
  });
});
