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

  it('lists every on-air page on the one delayed broadcast feed, following the table, not a match', async () => {
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
    expect(onAir.map((url) => `${url.pathname}?${url.searchParams.toString()}`)).toEqual([
      '/overlays/table/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/scorebug/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/moments/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/standings/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/lowerthird/?table=final-1&feed=broadcast&lang=zh-CN',
      '/overlays/table/?onair=1&feed=broadcast&lang=zh-CN',
    ]);
    expect(new Set(onAir.map((url) => url.searchParams.get('feed')))).toEqual(new Set(['broadcast']));
  });
});
