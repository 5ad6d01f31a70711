import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { broadcastReleased } from './support/broadcast-release';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_producer_log';
const HAN = /\p{Script=Han}/u;

interface LogEntry {
  readonly moment: string;
  readonly ruleId: string;
  readonly detail: string;
  readonly parts: readonly { readonly code: string }[];
}

/**
 * The producer dashboard in headless Chromium against the built server (no OBS configured): the
 * auto-director's log of a real session worded by the dashboard from the server's codes, zh-CN by
 * default and English with lang=en; a refused action's banner worded from the refusal's codes in
 * both languages; and lower-third text from a template, edited, previewed and taken to air on a
 * lower-third page open in another tab.
 */
describe('producer dashboard: the log in its language, lower-third text from templates', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  const directorLog = async (): Promise<readonly LogEntry[]> =>
    ((await apiCall(url(), PRODUCER, 'GET', '/api/director')) as { log: LogEntry[] }).log;

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      // The commentator page's seed: its second deal starts with a tribute paid.
      seed: 'e2e-commentator',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const { revision } = await match.playUntil(
      (s) => s.hand !== null && s.hand.number >= 2 && s.hand.phase === 'play',
    );
    await broadcastReleased(url(), MATCH, revision);
  });

  it("reads the director's log of a real session in Chinese by default and in English with lang=en", async () => {
    // The default rules cue the tribute card; with no page of the match open the cue fails, logged.
    await expect
      .poll(async () => (await directorLog()).some((e) => e.moment === 'tribute'), { timeout: 20_000 })
      .toBe(true);
    const zh = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);
    const lines = zh.getByTestId('director-log-line');
    await expect
      .poll(async () => (await lines.count()) === Math.min(20, (await directorLog()).length), {
        timeout: 20_000,
      })
      .toBe(true);
    const entries = (await directorLog()).slice(0, 20);
    const shown = await lines.allTextContents();
    expect(shown).toHaveLength(entries.length);
    for (const [i, line] of shown.entries()) {
      expect(line, `line ${String(i)}`).toMatch(HAN);
      // None of the server's English: the line is the dashboard's, from the codes.
      expect(line, `line ${String(i)}`).not.toBe(entries[i]?.detail);
      expect(line, `line ${String(i)}`).not.toMatch(
        /\b(cue|moment|played|tribute|deal|failed|overlay|page)\b/,
      );
    }
    const tribute = entries.findIndex((e) => e.moment === 'tribute');
    expect(tribute).toBeGreaterThanOrEqual(0);
    expect(shown[tribute]).toMatch(/^显示时刻：进贡；/);
    expect(shown[tribute]).toContain(`失败：比赛 ${MATCH} 没有已连接的图文页面`);

    const en = await open(`/overlays/producer/?match=${MATCH}&lang=en#token=${PRODUCER}`);
    const enLines = en.getByTestId('director-log-line');
    await expect.poll(() => enLines.count(), { timeout: 20_000 }).toBeGreaterThan(tribute);
    const enShown = await enLines.allTextContents();
    expect(enShown[tribute]).toMatch(/^cue moment: Tribute; /);
    for (const line of enShown) expect(line).not.toMatch(HAN);
    await zh.close();
    await en.close();
  });

  it("a refused action's banner in Chinese by default and in English with lang=en, naming the field", async () => {
    const refuse = async (query: string): Promise<string> => {
      const dashboard = await open(`/overlays/producer/?match=${MATCH}${query}#token=${PRODUCER}`);
      const cooldown = dashboard.getByTestId('director-cooldown-0');
      await cooldown.waitFor({ timeout: 20_000 });
      // Over the hour the server allows (3,600 s): only the server refuses it, with a 400 naming the field.
      await cooldown.fill('5000');
      await dashboard.getByTestId('director-save').click();
      const banner = dashboard.getByTestId('action-error');
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.getAttribute('data-status')).toBe('400');
      const text = (await banner.textContent()) ?? '';
      await dashboard.close();
      return text.trim();
    };
    expect(await refuse('')).toBe('保存规则失败（400）：字段 rules.0.cooldownMs 超出允许范围');
    expect(await refuse('&lang=en')).toBe(
      'Save rules failed (400): field rules.0.cooldownMs is above the allowed range',
    );
    // Nothing was saved: the rule keeps its cool-down.
    const status = (await apiCall(url(), PRODUCER, 'GET', '/api/director')) as {
      rules: { cooldownMs: number }[];
    };
    expect(status.rules[0]?.cooldownMs).toBeLessThanOrEqual(3_600_000);
  });

  it('picks a template, edits it, previews and takes it: the lower-third page in another tab shows the text', async () => {
    const lower = await open(`/overlays/lowerthird/?match=${MATCH}&feed=broadcast&seat=S`);
    const name = lower.getByTestId('lower-third-name');
    await expect.poll(() => name.textContent(), { timeout: 20_000 }).toBe('张伟');
    await expect
      .poll(
        async () =>
          ((await apiCall(url(), PRODUCER, 'GET', '/api/producer/pages')) as { page: string }[]).some(
            (p) => p.page === 'lowerthird',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    const dashboard = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);
    const panel = dashboard.getByTestId('caption-panel');
    await panel.getByTestId('caption-template').selectOption('level');
    await panel.getByTestId('caption-field-team').fill('江苏队');
    await panel.getByTestId('caption-field-level').fill('Z');
    // Not a level (GD-LVL-1): said at the field, and nothing can be taken.
    expect(await panel.getByTestId('caption-issue-level').textContent()).toBe('2–10、J、Q、K 或 A');
    expect(await panel.getByTestId('caption-take').isDisabled()).toBe(true);
    await panel.getByTestId('caption-field-level').fill('7');
    expect(await panel.getByTestId('caption-issue-level').count()).toBe(0);
    // The preview is worded as the page words it.
    expect(await panel.getByTestId('caption-preview-title').textContent()).toBe('江苏队');
    expect(await panel.getByTestId('caption-preview-line').textContent()).toBe('打 7');

    await panel.getByTestId('caption-take').click();
    await expect.poll(() => name.textContent(), { timeout: 10_000 }).toBe('江苏队');
    expect(await lower.getByTestId('lower-third-line').textContent()).toBe('打 7');
    expect(await lower.getByTestId('lower-third').getAttribute('data-template')).toBe('level');
    await expect
      .poll(() => panel.getByTestId('caption-delivered').getAttribute('data-delivered'), { timeout: 10_000 })
      .toBe('1');

    // Edited: another template, its own fields; the page shows the new text.
    await panel.getByTestId('caption-template').selectOption('free');
    await panel.getByTestId('caption-field-title').fill('决赛 · 第二局');
    await panel.getByTestId('caption-field-subtitle').fill('江苏队 对 安徽队');
    await expect.poll(() => panel.getByTestId('caption-take').isEnabled(), { timeout: 10_000 }).toBe(true);
    await panel.getByTestId('caption-take').click();
    await expect.poll(() => name.textContent(), { timeout: 10_000 }).toBe('决赛 · 第二局');
    expect(await lower.getByTestId('lower-third-line').textContent()).toBe('江苏队 对 安徽队');

    // Off air with the lower third's clear.
    await expect.poll(() => panel.getByTestId('caption-clear').isEnabled(), { timeout: 10_000 }).toBe(true);
    await panel.getByTestId('caption-clear').click();
    await expect.poll(() => lower.getByTestId('lower-third').count(), { timeout: 10_000 }).toBe(0);
    await lower.close();
    await dashboard.close();
  });
});
