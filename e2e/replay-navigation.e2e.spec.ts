import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { openReplay, positionOf, warnEastInFirstDeal } from './support/replay-page';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The replay's jumps by kind, its search by card and seat, and the venue's clock, in headless
 * Chromium against the built server with TABLECAST_TIME_ZONE set; positions checked against the
 * staff timeline of the same match.
 */
const OPERATOR = 'e2e-replnav-operator-token1';
const REFEREE = 'e2e-replnav-referee-token-01';
const ARBITER = 'e2e-replnav-arbiter-token-01';
const MATCH = 'e2e_replay_nav';

interface TimelineEntry {
  readonly revision: number;
  readonly type: string;
  readonly recordedAt: string;
  readonly data: { readonly cards?: readonly string[] };
}

const WHOLE_DECK = ['CardsDealt', 'DeckCommitted', 'DeckRevealed', 'HandStarted'];
const SUIT_SYMBOLS: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };

describe('arbitration replay: jumps, search and the venue time', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
    TABLECAST_TIME_ZONE: 'Europe/Paris',
  });
  let timeline: TimelineEntry[] = [];
  let penalty = -1;

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'replay-nav-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    ({ penalty } = await warnEastInFirstDeal(match));
    await match.playUntil((state) => state.handsPlayed >= 1 && state.status === 'inHand');
    timeline = (await apiCall(url(), REFEREE, 'GET', `/api/matches/${MATCH}/timeline`)) as TimelineEntry[];
  });

  it('jumps to the next and previous deal and penalty (zh-CN)', async () => {
    const deals = timeline.filter((e) => e.type === 'HandStarted').map((e) => e.revision);
    expect(deals).toHaveLength(2);
    const page = await openReplay(browser(), url(), {
      matchId: MATCH,
      arbiterToken: ARBITER,
      lang: 'zh-CN',
      position: 0,
    });
    expect(await page.getByTestId('next-deal').textContent()).toBe('下一副');
    await page.getByTestId('next-deal').click();
    await expect.poll(() => positionOf(page)).toBe(deals[0]);
    await page.getByTestId('next-penalty').click();
    await expect.poll(() => positionOf(page)).toBe(penalty);
    await page.getByTestId('next-deal').click();
    await expect.poll(() => positionOf(page)).toBe(deals[1]);
    expect(await page.getByTestId('next-deal').isDisabled()).toBe(true);
    await page.getByTestId('previous-penalty').click();
    await expect.poll(() => positionOf(page)).toBe(penalty);
    await page.getByTestId('previous-deal').click();
    await expect.poll(() => positionOf(page)).toBe(deals[0]);
    // No appeal and no correction in this match: nothing to jump to.
    expect(await page.getByTestId('next-appeal').isDisabled()).toBe(true);
    expect(await page.getByTestId('next-correction').isDisabled()).toBe(true);
    await page.close();
  });

  it('searches a card typed as 10♥ / TH and a seat, and jumps to a hit', async () => {
    const played = timeline.find((e) => e.type === 'CardsPlayed' && (e.data.cards?.length ?? 0) > 0);
    const card = played?.data.cards?.[0] ?? '';
    const face = card.slice(0, 2);
    const expected = timeline
      // The events that hold the whole deck (deal, commitment, reveal) are no hit.
      .filter((e) => !WHOLE_DECK.includes(e.type) && new RegExp(`"${face}[ab]"`).exec(JSON.stringify(e.data)))
      .map((e) => e.revision);
    const rank = face[1] === 'T' ? '10' : (face[1] ?? '');
    const page = await openReplay(browser(), url(), {
      matchId: MATCH,
      arbiterToken: ARBITER,
      lang: 'en',
      position: 0,
    });
    for (const typed of [`${rank}${SUIT_SYMBOLS[face[0] ?? ''] ?? ''}`, `${face[1] ?? ''}${face[0] ?? ''}`]) {
      await page.getByTestId('search-input').fill(typed);
      await page.getByTestId('search').click();
      await expect
        .poll(() => page.getByTestId('search-hits').getAttribute('data-count'))
        .toBe(String(expected.length));
    }
    expect(expected).toContain(played?.revision);
    await page.getByTestId(`hit-${String(played?.revision)}`).click();
    await expect.poll(() => positionOf(page)).toBe(played?.revision);

    // East by seat: its penalty is among the hits.
    await page.getByTestId('search-input').fill('east');
    await page.getByTestId('search').click();
    await page.getByTestId(`hit-${String(penalty)}`).waitFor();
    await page.close();
  });

  it("shows the event's time on the venue's clock beside UTC", async () => {
    const entry = timeline[penalty];
    const page = await openReplay(browser(), url(), {
      matchId: MATCH,
      arbiterToken: ARBITER,
      lang: 'en',
      position: penalty,
    });
    const venue = page.getByTestId('event-venue-time');
    await venue.waitFor();
    expect(await venue.getAttribute('data-zone')).toBe('Europe/Paris');
    const at = new Date(entry?.recordedAt ?? '');
    const paris = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(await venue.textContent()).toBe(`${paris}.${String(at.getUTCMilliseconds()).padStart(3, '0')}`);
    expect(await page.getByTestId('event-time').textContent()).toBe(at.toISOString().slice(11, 23));
    expect(await page.locator('dt', { hasText: 'Venue time (Europe/Paris)' }).count()).toBe(1);
    await page.close();
  });
});
