import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * The countdown page, an OBS browser source, in headless Chromium against the built server:
 * counts down to the time in its URL, zh-CN by default and English with lang=en, on a transparent
 * page inside the title-safe area, and names a bad `until` instead of showing nothing.
 */
describe('countdown page', () => {
  const { url, browser } = useServerAndBrowser({});
  const open = async (query: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}/overlays/countdown/?${query}`);
    return page;
  };
  const seconds = async (page: Page): Promise<number> =>
    Number(await page.getByTestId('countdown').getAttribute('data-seconds'));

  it('counts down to `until` in zh-CN, on a transparent page inside the title-safe area', async () => {
    const until = new Date(Date.now() + 90_000).toISOString();
    const page = await open(`until=${encodeURIComponent(until)}`);
    await page.getByTestId('countdown').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('countdown-label').textContent()).toBe('距比赛开始');
    const first = await seconds(page);
    expect(first).toBeGreaterThan(60);
    expect(first).toBeLessThanOrEqual(90);
    expect(await page.getByTestId('countdown-time').textContent()).toMatch(/^1:[0-3]\d$/);
    await expect.poll(() => seconds(page), { timeout: 10_000 }).toBeLessThan(first);

    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgba(0, 0, 0, 0)',
    );
    const box = await page.getByTestId('countdown').boundingBox();
    if (box === null) throw new Error('the countdown card is not laid out');
    expect(box.x).toBeGreaterThanOrEqual(96);
    expect(box.y).toBeGreaterThanOrEqual(54);
    expect(box.x + box.width).toBeLessThanOrEqual(1920 - 96);
    expect(box.y + box.height).toBeLessThanOrEqual(1080 - 54);
    await page.close();
  });

  it('speaks English with lang=en, takes a label, and says so at zero', async () => {
    const until = new Date(Date.now() + 3_000).toISOString();
    const page = await open(`until=${encodeURIComponent(until)}&lang=en&label=Back%20after%20the%20break`);
    await page.getByTestId('countdown').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect
      .poll(() => page.getByTestId('countdown-done').textContent(), { timeout: 15_000 })
      .toBe('Starting now');
    expect(await page.getByTestId('countdown').getAttribute('data-done')).toBe('true');

    const later = await open(
      `until=${encodeURIComponent(new Date(Date.now() + 600_000).toISOString())}&lang=en&label=Back%20after%20the%20break`,
    );
    expect(await later.getByTestId('countdown-label').textContent()).toBe('Back after the break');
    expect(await later.getByTestId('countdown-time').textContent()).toMatch(/^(10:00|9:5\d)$/);
  });

  it('names the field when until is missing or malformed', async () => {
    const missing = await open('lang=en');
    expect(await missing.getByTestId('countdown-problem').textContent()).toContain(
      'Countdown: until is required',
    );
    const bad = await open('until=soon');
    expect(await bad.getByTestId('countdown-problem').textContent()).toContain(
      '倒计时参数错误：until must be an ISO time with its offset or HH:MM, got soon',
    );
  });
});
