import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_stale_match_end';

/**
 * Match end on the table page, in headless Chromium against the built server: a result card
 * (winner, each team's final level, deals played) instead of four seats still showing the last
 * deal's plays, in zh-CN and in English.
 */
describe('stale looks live: match end', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  const graphics = (page: Page): Promise<string[]> =>
    page
      .locator('[data-graphic]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-graphic') ?? ''));

  it('shows the result card, not the seats with their last plays', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'e2e-stale-end',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const zh = await open(`/overlays/table/?match=${MATCH}&feed=venue`);
    const en = await open(`/overlays/table/?match=${MATCH}&feed=venue&lang=en`);
    const { state, revision } = await match.playUntil(() => false);
    expect(state.status).toBe('ended');

    for (const page of [zh, en]) {
      await expect
        .poll(async () => Number(await page.getByTestId('stage').getAttribute('data-revision')), {
          timeout: 20_000,
        })
        .toBe(revision);
      expect(await graphics(page)).toEqual(['result-card']);
      expect(await page.locator('[data-testid$="-action"]').count()).toBe(0);
    }
    const winner = await zh.getByTestId('result-card').getAttribute('data-winner');
    expect(['NS', 'EW']).toContain(winner);
    expect(await zh.getByTestId('result-winner').textContent()).toMatch(/(江苏队|安徽队)\s*获胜/);
    expect(await zh.getByTestId('result-NS').textContent()).toMatch(/江苏队\s*最终级数 (\d+|[JQKA])/);
    expect(await zh.getByTestId('result-EW').textContent()).toMatch(/安徽队\s*最终级数 (\d+|[JQKA])/);
    expect(await en.getByTestId('result-card').textContent()).toContain('Match over');
    expect(await en.getByTestId('result-NS').textContent()).toMatch(/Final level (\d+|[JQKA])/);
    expect(await en.getByTestId('result-card').textContent()).toContain('1 deal played');
  });
});
