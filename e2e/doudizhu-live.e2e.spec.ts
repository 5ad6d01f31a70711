import type { Page } from 'playwright-core';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { describe, expect, it, vi } from 'vitest';
import { apiCall } from './support/api-call';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * A live Dou Dizhu match on the real overlay pages: the built server, a match created and played
 * over HTTP by commands, and the table, scorebug, moments and standings pages in headless Chromium
 * over the real websocket feed (the moments page also under the auto-director's and the producer's
 * cues). The deal is entered (DDZ-DEAL-1: card i < 51 to seat i mod 3, the last 3 the
 * kitty) so the board is known: seat 0 bids 3, seat 1 doubles, seat 2 does not, no redouble, and
 * seat 0 plays out a straight, a pair, the bomb of 2s and the rocket while both defenders pass:
 * a spring (DDZ-END-2).
 */
const OPERATOR = 'ddz-live-operator-token';
const REFEREE = 'ddz-live-referee-token';
const PRODUCER = 'ddz-live-producer-token';
const MATCH = 'ddz_live_1';

const STRAIGHT = ['S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'ST', 'SJ', 'SQ', 'SK', 'SA'];
const BOMB = ['S2', 'H2', 'C2', 'D2'];
const KITTY = ['RJ', 'H3', 'C3'];

/** Seat 0: the spade straight, the four 2s and the small joker; the rest in face order. */
function dealOrder(): string[] {
  const seat0 = [...STRAIGHT, ...BOMB, 'BJ'];
  const used = new Set([...seat0, ...KITTY]);
  const ranks = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2'];
  const rest = ranks.flatMap((r) => ['S', 'H', 'C', 'D'].map((s) => `${s}${r}`)).filter((f) => !used.has(f));
  const hands = [seat0, rest.slice(0, 17), rest.slice(17, 34)];
  const order: string[] = [];
  for (let i = 0; i < 17; i += 1) for (const hand of hands) order.push(hand[i] ?? '');
  return [...order, ...KITTY];
}

describe('a live Dou Dizhu match on the overlay pages over the real feed (built server, Chromium)', () => {
  const env = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},producer=${PRODUCER}`,
    BROADCAST_DELAY_MS: '1000',
  });
  let revision = -1;
  let key = 0;
  const send = async (command: Record<string, unknown>): Promise<void> => {
    key += 1;
    const answer = (await apiCall(env.url(), OPERATOR, 'POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision,
      idempotencyKey: `ddz-live-${String(key)}`,
      command,
    })) as { revision: number };
    revision = answer.revision;
  };
  /** Errors any page threw: a frame page must draw another game's frames without one. */
  const pageErrors: string[] = [];
  /** A page with every websocket frame it receives kept, for the venue scan. */
  const open = async (path: string): Promise<{ page: Page; frames: string[] }> => {
    const page = await env.browser().newPage({ viewport: { width: 1920, height: 1080 } });
    const frames: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8'));
      });
    });
    await page.goto(`${env.url()}/overlays/${path}`);
    return { page, frames };
  };
  const text = (page: Page, testId: string): Promise<string> =>
    page
      .getByTestId(testId)
      .first()
      .innerText({ timeout: 15_000 })
      .then((s) => s.replace(/\s+/g, ' ').trim());
  const until = async (page: Page, testId: string, expected: RegExp): Promise<void> => {
    await vi.waitFor(
      async () => {
        expect(await text(page, testId)).toMatch(expected);
      },
      { timeout: 20_000, interval: 100 },
    );
  };

  it('shows the landlord (地主), the kitty once revealed, the live 倍数 and the board-end factors; venue never a hand', async () => {
    await apiCall(env.url(), OPERATOR, 'POST', '/api/matches', {
      game: 'doudizhu',
      matchId: MATCH,
      table: 't1',
      ruleset: ddzCga2017,
      players: [
        { id: 'p0', name: '赵一', seat: 0 },
        { id: 'p1', name: '钱二', seat: 1 },
        { id: 'p2', name: '孙三', seat: 2 },
      ],
    }).then((created) => {
      revision = (created as { revision: number }).revision;
    });
    const table = await open(`table/?match=${MATCH}&feed=venue`);
    const english = await open(`table/?match=${MATCH}&feed=venue&lang=en`);
    const scorebug = await open(`scorebug/?match=${MATCH}&feed=venue`);
    const moments = await open(`moments/?match=${MATCH}&feed=venue`);
    const momentsEn = await open(`moments/?match=${MATCH}&feed=venue&lang=en`);
    const standings = await open(`standings/?match=${MATCH}&feed=venue&lang=en`);

    await send({ type: 'DealBoard', board: 1, order: dealOrder() });
    await send({ type: 'Bid', seat: 0, bid: 3 });
    await until(table.page, 'ddz-seat-0-role', /地主/);
    await until(english.page, 'ddz-seat-0-role', /Landlord/);
    // The kitty stays face down until the doubles and the redouble are chosen (DDZ-DEAL-2).
    expect(await table.page.locator('[data-testid="ddz-kitty"] [data-card="back"]').count()).toBe(3);
    await send({ type: 'Double', seat: 1, double: true });
    await send({ type: 'Double', seat: 2, double: false });
    // DDZ-SCORE-4: bid 3, doubled by seat 1 once both doubles are revealed (DDZ-DBL-1).
    await until(table.page, 'ddz-multiplier', /^倍数 ×6$/);
    expect(await table.page.locator('[data-testid="ddz-kitty"] [data-card="back"]').count()).toBe(3);
    await send({ type: 'Redouble', seat: 0, redouble: false });
    await vi.waitFor(
      async () => {
        const faces = await table.page
          .locator('[data-testid="ddz-kitty"] [data-card]')
          .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-card')));
        expect(faces).toEqual(KITTY);
      },
      { timeout: 20_000, interval: 100 },
    );
    for (const cards of [STRAIGHT, ['H3', 'C3'], BOMB]) {
      await send({ type: 'PlayCards', seat: 0, cards });
      await send({ type: 'Pass', seat: 1 });
      await send({ type: 'Pass', seat: 2 });
    }
    await until(table.page, 'ddz-multiplier', /^倍数 ×12$/);
    await send({ type: 'PlayCards', seat: 0, cards: ['BJ', 'RJ'] });
    // The moments page plays the spring (DDZ-END-2) as it happens, in zh-CN and in English.
    await until(moments.page, 'ddz-moment', /春天/);
    await until(momentsEn.page, 'ddz-moment', /Spring/);

    // The board-end card: bid × W × 2^n per defender; n counts bomb, rocket, spring and his double.
    await until(table.page, 'ddz-defender-1-score', /^−48$/);
    await until(table.page, 'ddz-defender-2-score', /^−24$/);
    await until(table.page, 'ddz-landlord-score', /^\+72$/);
    const row1 = table.page.getByTestId('ddz-defender-1');
    expect((await row1.getByTestId('ddz-factor-bid').innerText()).replace(/\s+/g, '')).toBe('3叫分');
    expect((await row1.getByTestId('ddz-factor-w').innerText()).replace(/\s+/g, '')).toBe('−1胜负系数W');
    expect((await row1.getByTestId('ddz-factor-2n').innerText()).replace(/\s+/g, '')).toMatch(/^24n=/);
    await until(english.page, 'ddz-board-end', /Win factor W/);
    await until(scorebug.page, 'ddz-scorebug', /1/);

    // The auto-director took the rocket and the spring off the broadcast feed and cued their cards.
    await vi.waitFor(
      async () => {
        const { log } = (await apiCall(env.url(), PRODUCER, 'GET', '/api/director')) as {
          log: { moment: string; outcome: string }[];
        };
        for (const moment of ['bomb', 'rocket', 'spring'])
          expect(log.filter((e) => e.moment === moment).map((e) => e.outcome)).toEqual(['acted']);
      },
      { timeout: 20_000, interval: 200 },
    );
    // The producer takes it off, then cues it again: the page replays the spring it has seen.
    const cue = (moment: string): Promise<unknown> =>
      apiCall(env.url(), PRODUCER, 'POST', '/api/producer/cues', { matchId: MATCH, cue: { moment } });
    await cue('clear');
    await vi.waitFor(
      async () => {
        expect(await moments.page.getByTestId('ddz-moment').count()).toBe(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    await cue('spring');
    await until(moments.page, 'ddz-moment', /春天/);
    expect(await moments.page.getByTestId('ddz-moment').first().getAttribute('data-kind')).toBe('spring');
    // The standings, in English: the landlord first on +72, one board played.
    await until(standings.page, 'ddz-standings', /^Standings 赵一 \+72 .*1 board played$/);

    // The venue feed the pages got never carried a hand, nor a card of one before it was played.
    const pages = [table, english, scorebug, moments, momentsEn, standings];
    const feedFrames = pages
      .flatMap((p) => p.frames)
      .map((raw) => JSON.parse(raw) as { type: string; view?: { seats?: { hand: unknown }[] } | null })
      .filter((m) => m.type === 'feed');
    expect(feedFrames.length).toBeGreaterThan(20);
    for (const frame of feedFrames)
      expect(frame.view?.seats?.map((s) => s.hand) ?? [null, null, null]).toEqual([null, null, null]);
    expect(pageErrors).toEqual([]);
    for (const { page } of pages) await page.close();
  }, 120_000);
});
