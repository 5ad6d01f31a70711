import type { ProducerState, TurnClockRefusalView } from '@tablecast/protocol';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';

const PRODUCER = 'e2e-producer-token-tclock-01';

/**
 * The producer dashboard's turn clocks panel (DDZ-GEN-2) in headless Chromium against the built
 * server. The real server's state first: no default refused, and the panel says so. A refusal for
 * good cannot be brought about from outside a built server (Dou Dizhu and Big Two, the games with
 * clocks, take no keying corrections, the one rule that refuses a default on a live table; the
 * server's own answer with a real refusal is turn-clock.int.spec.ts), so the real answer is then
 * passed on with one stuck table and one that moved on in its `turnClock`, as that spec records
 * them: the panel names the match, the default, the rule, and which table waits, in zh-CN and
 * English.
 */
describe('producer dashboard: turn clocks whose default was refused (DDZ-GEN-2)', () => {
  const { url, browser } = useServerAndBrowser({ TABLECAST_TOKENS: `producer=${PRODUCER}` });

  const dashboard = async (
    lang: 'zh-CN' | 'en',
    refused: readonly TurnClockRefusalView[] | null,
  ): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    if (refused !== null)
      await page.route(/\/api\/producer\/state/, async (route) => {
        const response = await route.fetch();
        const state = (await response.json()) as ProducerState;
        // The server's own answer, its clock included; only the refusals are added.
        const refusedAt = new Date(Date.parse(state.serverNow) - 12_000).toISOString();
        await route.fulfill({
          response,
          json: {
            ...state,
            turnClock: { refused: refused.map((r) => ({ ...r, lastRefusedAt: refusedAt })) },
          },
        });
      });
    await page.goto(`${url()}/overlays/producer/?lang=${lang}#token=${PRODUCER}`);
    await page.getByTestId('turn-clock-panel').waitFor({ timeout: 30_000 });
    return page;
  };
  const refusal = (matchId: string, waiting: boolean): TurnClockRefusalView => ({
    matchId,
    game: 'doudizhu',
    revision: 12,
    command: 'Bid',
    rule: waiting ? 'TC-CORR-4' : null,
    reason: waiting ? 'ruleViolation' : 'invalidEvent',
    count: waiting ? 2 : 1,
    lastRefusedAt: '',
    waiting,
  });

  it('the real server’s state: no refused default, and the panel says so in zh-CN and English', async () => {
    const none = { 'zh-CN': '没有被拒绝的超时默认动作', en: 'No refused turn-clock defaults' } as const;
    for (const lang of ['zh-CN', 'en'] as const) {
      const page = await dashboard(lang, null);
      const panel = page.getByTestId('turn-clock-panel');
      await expect.poll(() => panel.locator('p').textContent(), { timeout: 15_000 }).toBe(none[lang]);
      expect(await panel.getAttribute('data-stuck')).toBe('0');
      await page.close();
    }
  });

  it('names each match, its default, the rule and when, and marks the table still stuck, in zh-CN and English', async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const words = {
      'zh-CN': {
        stuck:
          'ddz_t3 超时默认动作 Bid 被拒绝（TC-CORR-4） 共 2 次 · 最近一次在 N 秒前 牌桌停在已超时的回合，等待下一个事件',
        moved: 'ddz_t1 超时默认动作 Bid 被拒绝（invalidEvent） 共 1 次 · 最近一次在 N 秒前 牌桌已继续',
      },
      en: {
        stuck:
          'ddz_t3 Timed-out default Bid refused (TC-CORR-4) 2× · last N s ago Table stuck on a turn whose clock ran out, until its next event',
        moved: 'ddz_t1 Timed-out default Bid refused (invalidEvent) 1× · last N s ago The table has moved on',
      },
    } as const;
    for (const lang of ['zh-CN', 'en'] as const) {
      const page = await dashboard(lang, [refusal('ddz_t3', true), refusal('ddz_t1', false)]);
      const panel = page.getByTestId('turn-clock-panel');
      await expect.poll(() => panel.locator('li').count(), { timeout: 15_000 }).toBe(2);
      expect(await panel.getAttribute('data-stuck')).toBe('1');
      // How long ago, on the server's clock: 12 s when the answer left, a little more once drawn.
      const line = async (matchId: string): Promise<string> => {
        const text = (await panel.locator(`li[data-match="${matchId}"]`).innerText())
          .replace(/\s+/g, ' ')
          .trim();
        const ago = Number(/(\d+) (?:秒前|s ago)/.exec(text)?.[1]);
        expect(ago).toBeGreaterThanOrEqual(12);
        expect(ago).toBeLessThan(12 + 30);
        return text.replace(/\d+ (秒前|s ago)/, 'N $1');
      };
      expect(await line('ddz_t3')).toBe(words[lang].stuck);
      expect(await line('ddz_t1')).toBe(words[lang].moved);
      expect(await panel.locator('li[data-match="ddz_t3"]').getAttribute('data-waiting')).toBe('true');
      // The stuck table stands out: its state in the alarm colour, the other's not.
      const colour = (matchId: string): Promise<string> =>
        panel
          .locator(`li[data-match="${matchId}"] [data-testid="turn-clock-state"]`)
          .evaluate((e) => getComputedStyle(e).color);
      expect(await colour('ddz_t3')).toBe('rgb(255, 138, 122)');
      expect(await colour('ddz_t1')).not.toBe('rgb(255, 138, 122)');
      await panel.screenshot({ path: join(artifactsDir, `producer-turn-clock.${lang}.png`) });
      await page.close();
    }
  });
});
