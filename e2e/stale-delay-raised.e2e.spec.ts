import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { broadcastReleased } from './support/broadcast-release';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const PRODUCER = 'e2e-producer-token-00000001';
const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_stale_delay_raised';

/**
 * A delay raised on air (TC-FEED-3) holds the broadcast still for the added time. That frozen
 * table must not look live: the scene shows the "delay building" card with its countdown (drawn by
 * the moments page; every other page draws nothing), and the producer's delay clock says how far
 * behind the broadcast is, in headless Chromium against the built server.
 */
describe('stale looks live: a delay raised on air', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `producer=${PRODUCER},operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '1000',
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

  it('shows the delay card with its countdown on air and "behind by N s" on the dashboard', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'e2e-stale-delay',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const { revision } = await match.playUntil((_state, rev) => rev >= 6);
    await broadcastReleased(url(), MATCH, revision);

    const table = await open(`/overlays/table/?match=${MATCH}&feed=broadcast`);
    const moments = await open(`/overlays/moments/?match=${MATCH}&feed=broadcast&lang=en`);
    const dashboard = await open(`/overlays/producer/?match=${MATCH}#token=${PRODUCER}`);
    await expect
      .poll(async () => Number(await table.getByTestId('stage').getAttribute('data-revision')), {
        timeout: 20_000,
      })
      .toBe(revision);
    expect(await graphics(table)).toContain('table-centre');
    await expect
      .poll(() => dashboard.getByTestId('delay-clock').getAttribute('data-kind'), { timeout: 20_000 })
      .toBe('live');

    // 1 s → 60 s: the broadcast holds still for 59 s while the table plays on.
    await apiCall(url(), PRODUCER, 'PUT', `/api/matches/${MATCH}/broadcast-delay`, { delayMs: 60_000 });
    await match.playUntil((_state, rev) => rev >= revision + 2);

    await expect.poll(() => graphics(moments), { timeout: 20_000 }).toEqual(['delay-card']);
    expect(await moments.getByTestId('delay-card').getAttribute('data-reason')).toBe('raised');
    const countdown = async (): Promise<number> =>
      Number(
        /^Resuming in (\d+) s$/.exec(
          (await moments.getByTestId('delay-countdown').textContent())?.trim() ?? '',
        )?.[1] ?? NaN,
      );
    const first = await countdown();
    expect(first).toBeGreaterThan(30);
    expect(first).toBeLessThanOrEqual(59);
    await expect.poll(countdown, { timeout: 10_000 }).toBeLessThan(first);

    // The frozen table is off air, not left up with its clock at 0.
    await expect.poll(() => graphics(table), { timeout: 10_000 }).toEqual([]);

    await expect
      .poll(() => dashboard.getByTestId('delay-clock').getAttribute('data-kind'), { timeout: 20_000 })
      .toBe('behind');
    const behind = (await dashboard.getByTestId('delay-state').textContent()) ?? '';
    expect(behind).toMatch(/^落后 \d+ 秒$/);
    const seconds = Number(/\d+/.exec(behind)?.[0]);
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(59);
  });
});
