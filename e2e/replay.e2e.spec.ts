import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The arbitration replay page in headless Chromium against the built server: an arbiter opens a
 * match played through the real API and steps through its first hand event by event, backwards,
 * and by jumping; what the page shows is checked against the replay API.
 */
const OPERATOR = 'e2e-replay-operator-token-1';
const REFEREE = 'e2e-replay-referee-token-01';
const ARBITER = 'e2e-replay-arbiter-token-01';
const MATCH = 'e2e_replay';

interface ApiView {
  readonly position: number;
  readonly lastPosition: number;
  readonly event: { readonly type: string; readonly actor: { readonly id: string } };
  readonly hand: { readonly hands: Record<string, string[]>; readonly turn: string | null } | null;
}

describe('arbitration replay page', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
  });
  let handEnd = -1;

  const api = async (position: number): Promise<ApiView> =>
    (await (
      await fetch(`${url()}/api/matches/${MATCH}/replay?position=${String(position)}`, {
        headers: { authorization: `Bearer ${ARBITER}` },
      })
    ).json()) as ApiView;
  const positionOf = async (page: Page): Promise<number> =>
    Number(await page.getByTestId('replay').getAttribute('data-position'));

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'replay-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const played = await match.playUntil((state) => state.handsPlayed >= 1);
    handEnd = played.revision;
  });

  it('steps through a hand forwards and backwards and jumps, showing what the API says (zh-CN)', async () => {
    const page = await browser().newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${url()}/overlays/replay/?match=${MATCH}#token=${ARBITER}`);
    await expect.poll(() => positionOf(page), { timeout: 15_000 }).toBe(0);
    expect(page.url()).not.toContain('token'); // the fragment is dropped from the address bar
    await expect.poll(() => page.getByTestId('event-type').textContent()).toContain('MatchCreated');
    expect(await page.getByRole('button', { name: '下一步 ▶' }).isVisible()).toBe(true);

    // Forwards through the whole first hand, one event per click; check every tenth against the API.
    for (let position = 1; position <= handEnd; position += 1) {
      await page.getByTestId('next').click();
      await expect.poll(() => positionOf(page)).toBe(position);
      if (position % 10 === 0 || position === handEnd) {
        const expected = await api(position);
        expect(await page.getByTestId('event-type').textContent()).toContain(expected.event.type);
        expect(await page.getByTestId('event-actor').textContent()).toContain(expected.event.actor.id);
        // Between hands the state holds no hand, and the page shows no seats.
        expect(await page.getByTestId('seat-S').count()).toBe(expected.hand ? 1 : 0);
        if (!expected.hand) continue;
        for (const seat of ['S', 'E', 'N', 'W']) {
          const count = await page.getByTestId(`seat-${seat}`).getAttribute('data-count');
          expect(Number(count), `seat ${seat} at ${String(position)}`).toBe(
            expected.hand.hands[seat]?.length,
          );
        }
      }
    }
    // The hand is over: its result is among the events just before (the deck reveal closes it).
    expect(await page.getByTestId('recent').textContent()).toContain('HandEnded');

    // Backwards with the arrow key, then a jump to the deal.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => positionOf(page)).toBe(handEnd - 1);
    const dealt = await (async () => {
      for (let p = 0; p <= handEnd; p += 1) if ((await api(p)).event.type === 'CardsDealt') return p;
      throw new Error('no deal');
    })();
    await page.getByTestId('jump-input').fill(String(dealt));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(dealt);
    for (const seat of ['S', 'E', 'N', 'W']) {
      expect(await page.getByTestId(`seat-${seat}`).getAttribute('data-count')).toBe('27');
    }
    await page.close();
  });

  it('speaks English with lang=en and shows the API error for a referee token', async () => {
    const page = await browser().newPage();
    await page.goto(`${url()}/overlays/replay/?match=${MATCH}&lang=en&position=3#token=${ARBITER}`);
    await expect.poll(() => positionOf(page), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId('next').textContent()).toContain('Forward');
    expect(await page.getByTestId('position-label').textContent()).toContain('event 3 of');
    await page.close();
    const denied = await browser().newPage();
    await denied.goto(`${url()}/overlays/replay/?match=${MATCH}#token=${REFEREE}`);
    await expect
      .poll(() => denied.getByTestId('replay-error').textContent(), { timeout: 15_000 })
      .toContain('403');
    await denied.close();
  });
});
