import type { Browser } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';

describe('placeholder overlay: browser -> websocket -> server', () => {
  const { url: serverUrl, browser } = useServerAndBrowser();
  const openPage: Browser['newPage'] = (options) => browser().newPage(options);

  beforeAll(() => {
    mkdirSync(artifactsDir, { recursive: true });
  });

  it('shows the server version received over the websocket, in Chinese by default', async () => {
    const page = await openPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${serverUrl()}/overlays/status/`);
    await expect
      .poll(() => page.getByTestId('server-version').textContent(), { timeout: 10_000 })
      .toBe('0.1.0');
    expect(await page.getByTestId('connection-status').textContent()).toBe('已连接');
    expect(await page.locator('main').textContent()).toContain('服务器版本');
    await page.screenshot({ path: join(artifactsDir, 'status-page.zh-CN.png') });
    await page.close();
  });

  it('speaks English with lang=en', async () => {
    const page = await openPage();
    await page.goto(`${serverUrl()}/overlays/status/?lang=en`);
    await expect
      .poll(() => page.getByTestId('server-version').textContent(), { timeout: 10_000 })
      .toBe('0.1.0');
    expect(await page.locator('main').textContent()).toContain('Server version');
    await page.close();
  });

  it('leaves the site root to the landing page (e2e/landing-page.e2e.spec.ts)', async () => {
    const page = await openPage();
    await page.goto(serverUrl());
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Tablecast 赛事直播');
    await page.close();
  });
});
