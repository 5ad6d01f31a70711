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
  readonly event: { readonly type: string; readonly actor: { readonly id: string }; readonly data: unknown };
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
    // The event by its Chinese name, its code name beside it, and a sentence instead of JSON.
    await expect.poll(() => page.getByTestId('event-type').textContent()).toBe('比赛创建');
    expect(await page.getByTestId('event-code').textContent()).toBe('MatchCreated');
    expect(await page.getByTestId('event-summary').textContent()).toMatch(/桌：南北.* 对 东西/);
    // The exact recorded data stays one click away, pretty-printed (evidence).
    expect(await page.getByTestId('raw-json').isVisible()).toBe(false);
    await page.getByTestId('raw-data').getByText('原始数据').click();
    const raw = (await page.getByTestId('raw-json').textContent()) ?? '';
    expect(raw).toContain('\n  "');
    expect(JSON.parse(raw)).toEqual((await api(0)).event.data);
    expect(await page.getByRole('button', { name: '下一步 ▶' }).isVisible()).toBe(true);

    // Forwards through the whole first hand, one event per click; check every tenth against the API.
    for (let position = 1; position <= handEnd; position += 1) {
      await page.getByTestId('next').click();
      await expect.poll(() => positionOf(page)).toBe(position);
      if (position % 10 === 0 || position === handEnd) {
        const expected = await api(position);
        expect(await page.getByTestId('event-code').textContent()).toBe(expected.event.type);
        expect(await page.getByTestId('event-type').textContent()).toMatch(/^[\u4e00-\u9fff]/);
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
    expect(await page.getByTestId('recent').textContent()).toContain('一副结束');
    expect(await page.getByTestId('recent').textContent()).toMatch(/第1副结束：头游/);

    // A play: the sentence names the seat and the combination, and the cards are drawn by id.
    const play = await (async () => {
      for (let p = handEnd; p > 0; p -= 1) {
        const view = await api(p);
        if (view.event.type === 'CardsPlayed') return { position: p, view };
      }
      throw new Error('no play');
    })();
    await page.getByTestId('jump-input').fill(String(play.position));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(play.position);
    expect(await page.getByTestId('event-type').textContent()).toBe('出牌');
    expect(await page.getByTestId('event-summary').textContent()).toMatch(/^[南东北西].*出.+：[♠♥♣♦大小]/);
    const { cards: played, declared } = play.view.event.data as { cards: string[]; declared: boolean };
    // GD-WILD-5: the sentence says the player declared the combination exactly when he did.
    expect((await page.getByTestId('event-summary').textContent())?.includes('（选手声明牌型）')).toBe(
      declared,
    );
    const drawn = await page
      .getByTestId('event-cards')
      .locator('[data-card]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(drawn).toEqual(played);

    // Backwards with the arrow key (from the play), then a jump to the deal.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => positionOf(page)).toBe(play.position - 1);
    const dealt = await (async () => {
      for (let p = 0; p <= handEnd; p += 1) if ((await api(p)).event.type === 'CardsDealt') return p;
      throw new Error('no deal');
    })();
    await page.getByTestId('jump-input').fill(String(dealt));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(dealt);
    const deal = await api(dealt);
    for (const seat of ['S', 'E', 'N', 'W']) {
      expect(await page.getByTestId(`seat-${seat}`).getAttribute('data-count')).toBe('27');
      // The hand drawn as cards, every one by its id, the same cards the API holds.
      const cards = await page
        .getByTestId(`seat-${seat}-hand`)
        .locator('[data-card]')
        .evaluateAll((drawn) => drawn.map((card) => card.getAttribute('data-card') ?? ''));
      expect([...cards].sort()).toEqual([...(deal.hand?.hands[seat] ?? [])].sort());
    }
    // The phase by name, not the code word; no horizontal scroll on the committee's screens.
    expect(await page.getByTestId('phase').textContent()).not.toMatch(/^[a-z]+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('speaks English with lang=en and shows the API error for a referee token', async () => {
    const page = await browser().newPage();
    await page.goto(`${url()}/overlays/replay/?match=${MATCH}&lang=en&position=3#token=${ARBITER}`);
    await expect.poll(() => positionOf(page), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId('next').textContent()).toContain('Forward');
    expect(await page.getByTestId('position-label').textContent()).toContain('event 3 of');
    const third = await api(3);
    expect(await page.getByTestId('event-code').textContent()).toBe(third.event.type);
    expect(await page.getByTestId('event-type').textContent()).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    expect(await page.getByTestId('event-summary').textContent()).not.toBe('');
    expect(await page.getByTestId('raw-data').textContent()).toContain('Raw data');
    await page.close();
    const denied = await browser().newPage();
    await denied.goto(`${url()}/overlays/replay/?match=${MATCH}#token=${REFEREE}`);
    await expect
      .poll(() => denied.getByTestId('replay-error').textContent(), { timeout: 15_000 })
      .toContain('403');
    await denied.close();
  });
});
