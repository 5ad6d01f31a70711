import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

const OPERATOR = 'e2e-operator-t1-token-00001';
const REFEREE = 'e2e-referee-token-0000000001';
const MATCH = 'e2e_trick_winner';

/**
 * The table page marks the play now winning the trick (the play to beat, GD-CMP-1; it takes the
 * trick when the other three pass, GD-PLAY-4), in headless Chromium against the built server and a
 * seeded bot match: after every action the marked seat is the engine's `trick.last` seat, with its
 * gold tag shown, and no seat is marked before the lead of a trick.
 */
describe('table page: the play now winning the trick', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });

  const shownRevision = async (page: Page): Promise<number> =>
    Number(await page.getByTestId('stage').getAttribute('data-revision'));
  const markedSeats = (page: Page): Promise<string[]> =>
    page
      .locator('[data-winning="true"]')
      .evaluateAll((nodes) =>
        nodes.map((node) => (node.getAttribute('data-testid') ?? '').replace(/^seat-(.)-action$/, '$1')),
      );

  it('follows the trick play by play: the best play so far, passes leave it where it is', async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'e2e-trick-winner',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${url()}/overlays/table/?match=${MATCH}&feed=venue&lang=en`);
    let { state, revision } = await match.playUntil((s) => s.hand?.phase === 'play');
    const seen = { marked: 0, unmarked: 0, afterPass: 0, moved: 0 };
    let before: string | null = null;
    for (let step = 0; step < 60 && state.hand?.phase === 'play'; step += 1) {
      const last = revision;
      ({ state, revision } = await match.playUntil((_, r) => r > last));
      if (state.hand?.phase !== 'play') break;
      await expect.poll(() => shownRevision(page), { timeout: 15_000 }).toBe(revision);
      const trick = state.hand.trick;
      const expected = trick?.last?.seat ?? null;
      expect(await markedSeats(page), `revision ${String(revision)}`).toEqual(
        expected === null ? [] : [expected],
      );
      if (expected === null) {
        seen.unmarked += 1;
      } else {
        seen.marked += 1;
        const tag = page.getByTestId(`seat-${expected}-winning`);
        expect(await tag.textContent()).toBe('Winning');
        expect(await tag.isVisible()).toBe(true);
        if ((trick?.passed.length ?? 0) > 0) seen.afterPass += 1;
        if (before !== null && before !== expected) seen.moved += 1;
      }
      before = expected;
    }
    // The walk saw a mark that stayed through passes, one that moved to a better play, and a
    // trick not yet led (no mark): each rule of the mark was exercised, not only the first.
    expect(seen.marked).toBeGreaterThan(10);
    expect(seen.afterPass).toBeGreaterThan(0);
    expect(seen.moved).toBeGreaterThan(0);
    expect(seen.unmarked).toBeGreaterThan(0);
    await page.close();
  });
});
