import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_stale_signal_lost';

/**
 * A server outage seen on air, in headless Chromium: the turn clock stops at the loss, the scene
 * says "signal lost" (drawn by the moments page, on air, not only in a staff preview), and after
 * SIGNAL_STALE_AFTER_MS the turn clock and the "to play" ring, which may no longer be true, are hidden.
 */
describe('stale looks live: lost signal', () => {
  const { url, server, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const open = async (path: string): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}${path}`);
    return page;
  };
  const signal = (page: Page): Promise<string | null> =>
    page.getByTestId('stage').getAttribute('data-signal');
  const ringOpacity = (page: Page): Promise<string> =>
    page.locator('.seat.turn').evaluate((seat) => getComputedStyle(seat, '::after').opacity);

  it('stops the clock, says so on air, then hides the turn clock and ring', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'e2e-stale-signal',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const { revision } = await match.playUntil((state, rev) => rev >= 8 && state.hand?.phase === 'play');
    const table = await open(`/overlays/table/?match=${MATCH}&feed=venue`);
    const moments = await open(`/overlays/moments/?match=${MATCH}&feed=venue&lang=en`);
    await expect
      .poll(async () => Number(await table.getByTestId('stage').getAttribute('data-revision')), {
        timeout: 20_000,
      })
      .toBe(revision);
    const clock = table.getByTestId('clock');
    // The clock ticks while the server is there.
    const before = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).not.toBe(before);
    expect(await ringOpacity(table)).toBe('1');
    expect(await signal(table)).toBe('ok');
    expect(await moments.getByTestId('signal-lost').count()).toBe(0);

    await server().stop();

    await expect.poll(() => signal(table), { timeout: 20_000 }).toBe('lost');
    const stopped = await clock.textContent();
    await expect.poll(() => moments.getByTestId('signal-lost').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await moments.getByTestId('signal-lost').textContent()).toContain('Signal lost');
    expect(await moments.getByTestId('signal-lost').getAttribute('data-stale')).toBe('false');

    // Stale: the clock never moved after the loss, and now the graphics that would lie are gone.
    await expect.poll(() => signal(table), { timeout: 30_000 }).toBe('stale');
    expect(await clock.textContent()).toBe(stopped);
    expect(await clock.isVisible()).toBe(false);
    expect(await ringOpacity(table)).toBe('0');
    expect(await table.getByTestId('seat-S').isVisible()).toBe(true);
    await expect
      .poll(() => moments.getByTestId('signal-lost').getAttribute('data-stale'), { timeout: 30_000 })
      .toBe('true');
  });
});
