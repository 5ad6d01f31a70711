import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { b2Cga2017 } from '@tablecast/bigtwo';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * The player terminal in headless Chromium against the built server: three browser contexts, one
 * per seat token, play a whole Dou Dizhu board by tapping, to the board-end score. On the way an
 * illegal play is refused with its DDZ rule, and two moves survive a dropped socket (one lost on
 * the way, one whose answer was lost) and a reload, each applied exactly once.
 */
const OPERATOR = 'e2e-play-operator-t1-0001';
const MATCH = 'ddz_terminal_e2e';
const B2_MATCH = 'b2_terminal_e2e';

interface TerminalState {
  readonly revision: number;
  readonly choice: string;
  readonly busy: boolean;
  readonly phase: string;
  readonly connection: string;
}

async function stateOf(page: Page): Promise<TerminalState> {
  const root = page.getByTestId('terminal');
  const [revision, choice, busy, phase, connection] = await Promise.all(
    ['data-revision', 'data-choice', 'data-busy', 'data-phase', 'data-connection'].map((name) =>
      root.getAttribute(name),
    ),
  );
  return {
    revision: Number(revision),
    choice: choice ?? 'none',
    busy: busy === 'true',
    phase: phase ?? 'none',
    connection: connection ?? 'none',
  };
}

/** The three terminals agree on the match's revision and none has a move on its way. */
async function settled(pages: readonly Page[], after: number): Promise<number> {
  let revision = after;
  await expect
    .poll(
      async () => {
        const states = await Promise.all(pages.map(stateOf));
        revision = states[0]?.revision ?? -1;
        return (
          states.every((s) => s.revision === revision && !s.busy && s.connection === 'open') &&
          revision > after
        );
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(true);
  return revision;
}

/** The faces a terminal shows in its own hand, as drawn. */
async function handFaces(page: Page): Promise<string[]> {
  return page
    .getByTestId('hand')
    .locator('button')
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('data-testid') ?? '').replace('card-', '')));
}

async function handSize(page: Page): Promise<number> {
  return page.getByTestId('hand').locator('button').count();
}

/** A socket route the test can cut: the next command lost on the way, or its answer lost. */
interface Cut {
  mode: 'none' | 'dropCommand' | 'dropAnswer';
  cuts: number;
}

async function cuttable(context: BrowserContext): Promise<Cut> {
  const cut: Cut = { mode: 'none', cuts: 0 };
  await context.routeWebSocket(/\/ws\/play$/, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    let answerToDrop: string | null = null;
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      const frame = JSON.parse(text) as { type: string; requestId?: string };
      if (frame.type === 'command' && cut.mode === 'dropCommand') {
        cut.mode = 'none';
        cut.cuts += 1;
        // Lost on the way: the server never hears of it, the terminal loses its connection.
        void ws.close({ code: 4000, reason: 'cut by the test' });
        void server.close();
        return;
      }
      if (frame.type === 'command' && cut.mode === 'dropAnswer') {
        cut.mode = 'none';
        answerToDrop = frame.requestId ?? null;
      }
      server.send(text);
    });
    server.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString('utf8');
      const frame = JSON.parse(text) as { type: string; requestId?: string };
      if (answerToDrop !== null && frame.type === 'commandResult' && frame.requestId === answerToDrop) {
        answerToDrop = null;
        cut.cuts += 1;
        // Applied by the server, but the answer never arrives: the connection is cut instead.
        void ws.close({ code: 4000, reason: 'cut by the test' });
        void server.close();
        return;
      }
      ws.send(text);
    });
  });
  return cut;
}

describe('player terminal', () => {
  const { url, browser } = useServerAndBrowser({ TABLECAST_TOKENS: `operator:t1=${OPERATOR}` });

  it('three seats play a whole board by tapping, to the board-end score', { timeout: 300_000 }, async () => {
    await apiCall(url(), OPERATOR, 'POST', '/api/matches', {
      game: 'doudizhu',
      matchId: MATCH,
      table: 't1',
      ruleset: ddzCga2017,
      players: [
        { id: 'p0', name: '赵一', seat: 0 },
        { id: 'p1', name: '钱二', seat: 1 },
        { id: 'p2', name: '孙三', seat: 2 },
      ],
    });
    const issued = (await apiCall(url(), OPERATOR, 'POST', `/api/matches/${MATCH}/seat-tokens`)) as {
      seats: { seat: string; url: string }[];
    };
    const sizes = [
      { width: 1024, height: 768 },
      { width: 1280, height: 800 },
      { width: 1024, height: 768 },
    ];
    const contexts: BrowserContext[] = [];
    const cuts: Cut[] = [];
    const pages: Page[] = [];
    for (const [i, seat] of issued.seats.entries()) {
      const context = await browser().newContext({ viewport: sizes[i] ?? sizes[0] });
      contexts.push(context);
      cuts.push(await cuttable(context));
      const page = await context.newPage();
      // Seat 2 reads English; the others the default zh-CN.
      const link = seat.url.replace('?match=', i === 2 ? '?lang=en&match=' : '?match=');
      await page.goto(`${url()}${link}`);
      pages.push(page);
    }
    const pageOf = (i: number): Page => {
      const page = pages[i];
      if (!page) throw new Error(`no page ${String(i)}`);
      return page;
    };
    const cutOf = (i: number): Cut => {
      const cut = cuts[i];
      if (!cut) throw new Error(`no route ${String(i)}`);
      return cut;
    };
    await expect
      .poll(async () => (await Promise.all(pages.map(stateOf))).map((s) => s.connection), { timeout: 30_000 })
      .toEqual(['open', 'open', 'open']);
    expect(await pages[2]?.evaluate(() => document.documentElement.lang)).toBe('en');

    await apiCall(url(), OPERATOR, 'POST', `/api/matches/${MATCH}/commands`, {
      game: 'doudizhu',
      revision: 0,
      idempotencyKey: 'e2e-deal-board-1',
      command: { type: 'DealBoard', board: 1, seed: 'e2e-terminal-board-1' },
    });
    let revision = await settled(pages, 0);
    // Each seat holds its own 17 cards and sees only counts of the others'.
    for (const page of pages) {
      expect(await handSize(page)).toBe(17);
      for (const count of await page.getByTestId('cards-left').allTextContents()) expect(count).toMatch(/17/);
    }

    let illegalShown = false;
    let reloaded = false;
    let plays = 0;
    for (let step = 0; step < 200; step += 1) {
      const states = await Promise.all(pages.map(stateOf));
      if (states.every((s) => s.phase === 'over' || s.phase === 'betweenBoards')) break;
      const actor = states.findIndex((s) => s.choice !== 'wait' && s.choice !== 'none');
      const page = pages[actor];
      const state = states[actor];
      if (page === undefined || state === undefined)
        throw new Error(`nobody to act at revision ${String(revision)}`);
      switch (state.choice) {
        case 'bid': {
          // Only the legal bids are enabled: seat 0 opens, so every bid is open to it.
          for (const b of ['3', '2', '1', 'pass']) {
            const button = page.getByTestId(`bid-${b}`);
            if (await button.isEnabled()) {
              await button.click();
              break;
            }
          }
          break;
        }
        case 'double':
          await page.getByTestId(actor === 1 ? 'double-yes' : 'double-no').click();
          break;
        case 'redouble':
          await page.getByTestId('redouble-no').click();
          break;
        case 'play': {
          if (!illegalShown) {
            // Two cards of different ranks make no play: the server refuses them naming the rule.
            const faces = await page
              .getByTestId('hand')
              .locator('button')
              .evaluateAll((buttons) =>
                buttons.map((b) => (b.getAttribute('data-testid') ?? '').replace('card-', '')),
              );
            const rankOf = (face: string): string => (face === 'BJ' || face === 'RJ' ? face : face.slice(1));
            const first = faces.find((f) => f !== 'BJ' && f !== 'RJ');
            const other = faces.find((f) => f !== 'BJ' && f !== 'RJ' && rankOf(f) !== rankOf(first ?? ''));
            if (!first || !other) throw new Error('a hand with two ranks');
            await page.getByTestId(`card-${first}`).click();
            await page.getByTestId(`card-${other}`).click();
            expect(await page.getByTestId('selection').getAttribute('data-legal')).toBe('false');
            await page.getByTestId('play').click();
            const refusal = page.getByTestId('rule-error');
            await refusal.waitFor({ timeout: 15_000 });
            expect(await refusal.getAttribute('data-rule')).toMatch(/^DDZ-/);
            expect(await refusal.textContent()).toContain(
              (await refusal.getAttribute('data-rule')) ?? 'DDZ-',
            );
            illegalShown = true;
            await page.getByTestId('clear').click();
            expect((await stateOf(page)).revision).toBe(revision);
          }
          const cardsBefore = await handSize(page);
          const hint = page.getByTestId('hint');
          plays += 1;
          // The socket is cut under two moves: the first lost on the way, the next one's answer lost.
          if (plays === 3) cutOf(actor).mode = 'dropCommand';
          if (plays === 6) cutOf(actor).mode = 'dropAnswer';
          if (await hint.isEnabled()) {
            await hint.click();
            expect(await page.getByTestId('selection').getAttribute('data-legal')).toBe('true');
            const chosen = await page.getByTestId('hand').locator('button[data-selected="true"]').count();
            await page.getByTestId('play').click();
            revision = await settled(pages, revision);
            // Played once, whatever happened to the socket: the hand is short by exactly the play.
            expect(await handSize(page)).toBe(cardsBefore - chosen);
            continue;
          }
          await page.getByTestId('pass').click();
          break;
        }
        default:
          throw new Error(`unexpected choice ${state.choice}`);
      }
      revision = await settled(pages, revision);
      if (!reloaded && plays >= 8) {
        // A reload mid-board: the terminal comes back to the same hand and the same revision.
        const page0 = pageOf(0);
        const before = await handSize(page0);
        await page0.reload();
        await expect.poll(async () => (await stateOf(page0)).revision, { timeout: 15_000 }).toBe(revision);
        expect(await handSize(page0)).toBe(before);
        reloaded = true;
      }
    }
    expect(illegalShown).toBe(true);
    expect(reloaded).toBe(true);
    expect(cuts.reduce((n, c) => n + c.cuts, 0)).toBe(2);

    // The board-end score on every terminal, in its language.
    for (const page of pages) {
      const end = page.getByTestId('board-end');
      await end.waitFor({ timeout: 15_000 });
      expect(['landlord', 'defenders']).toContain(await end.getAttribute('data-winner'));
    }
    expect(await pageOf(0).getByTestId('board-end').textContent()).toMatch(/第1副结束/);
    expect(await pageOf(2).getByTestId('board-end').textContent()).toMatch(/Board 1 over/);
    const scores = await pageOf(1)
      .getByTestId('board-end')
      .locator('[data-testid^="score-"]')
      .allTextContents();
    const total = scores.map((s) => Number(/-?\d+$/.exec(s)?.[0])).reduce((a, b) => a + b, 0);
    expect(scores).toHaveLength(3);
    expect(total).toBe(0);
    for (const context of contexts) await context.close();
  });

  it(
    'B2-SHOW-1: a Big Two player shows his hand on the terminal; venue shows that hand at once, and no other',
    { timeout: 300_000 },
    async () => {
      // The choice clocks are long here: the test waits on the pages, not on a 10 s window.
      await apiCall(url(), OPERATOR, 'POST', '/api/matches', {
        game: 'bigtwo',
        matchId: B2_MATCH,
        table: 't1',
        ruleset: { ...b2Cga2017, showSeconds: 600, doubleSeconds: 600 },
        players: [
          { id: 'pS', name: '赵一', seat: 'S' },
          { id: 'pE', name: '钱二', seat: 'E' },
          { id: 'pN', name: '孙三', seat: 'N' },
          { id: 'pW', name: '李四', seat: 'W' },
        ],
      });
      const issued = (await apiCall(url(), OPERATOR, 'POST', `/api/matches/${B2_MATCH}/seat-tokens`)) as {
        seats: { seat: string; url: string }[];
      };
      expect(issued.seats.map((s) => s.seat)).toEqual(['S', 'E', 'N', 'W']);
      const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
      // Before any page script runs: every header text and every node added while loading, so a
      // Dou Dizhu header painted even for one frame before the first view would be recorded.
      await context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { headerTexts: string[] }).headerTexts = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) seen.push(node.textContent ?? '');
          }
          seen.push(document.querySelector('header')?.textContent ?? '');
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const pages = new Map<string, Page>();
      for (const seat of issued.seats) {
        const page = await context.newPage();
        // North reads English; the others the default zh-CN.
        await page.goto(
          `${url()}${seat.url.replace('?match=', seat.seat === 'N' ? '?lang=en&match=' : '?match=')}`,
        );
        pages.set(seat.seat, page);
      }
      const pageOf = (seat: string): Page => {
        const page = pages.get(seat);
        if (!page) throw new Error(`no terminal for ${seat}`);
        return page;
      };
      // The venue table overlay, with every websocket frame it receives kept for the raw scan.
      const venue = await context.newPage();
      const venueFrames: string[] = [];
      venue.on('websocket', (socket) => {
        socket.on('framereceived', (frame) => {
          venueFrames.push(
            typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8'),
          );
        });
      });
      await venue.goto(`${url()}/overlays/table/?match=${B2_MATCH}&feed=venue`);
      const terminals = [...pages.values()];
      await expect
        .poll(async () => (await Promise.all(terminals.map(stateOf))).map((s) => s.connection), {
          timeout: 30_000,
        })
        .toEqual(['open', 'open', 'open', 'open']);
      // A Big Two seat's header names Big Two once its view arrives, and never Dou Dizhu before it.
      for (const page of terminals) {
        await expect.poll(() => page.locator('header').first().textContent()).toMatch(/锄大地|Big Two/);
        const headers = await page.evaluate(
          () => (window as unknown as { headerTexts: string[] }).headerTexts,
        );
        expect(headers.length).toBeGreaterThan(0);
        expect(headers.filter((text) => /斗地主|Dou Dizhu/.test(text))).toEqual([]);
      }

      await apiCall(url(), OPERATOR, 'POST', `/api/matches/${B2_MATCH}/commands`, {
        game: 'bigtwo',
        revision: 0,
        idempotencyKey: 'e2e-b2-deal-board-1',
        command: { type: 'DealBoard', board: 1, seed: 'e2e-b2-terminal-board-1' },
      });
      let revision = await settled(terminals, 0);
      // Each seat holds its own 13 cards, sees the others' counts, and is offered the show choice on a clock.
      const hands = new Map<string, string[]>();
      for (const [seat, page] of pages) {
        hands.set(seat, await handFaces(page));
        expect(hands.get(seat)).toHaveLength(13);
        expect((await stateOf(page)).choice).toBe('show');
        for (const count of await page.getByTestId('cards-left').allTextContents())
          expect(count).toMatch(/13/);
        expect(Number(await page.getByTestId('clock').getAttribute('data-seconds'))).toBeGreaterThan(0);
      }
      expect(new Set([...hands.values()].flat()).size).toBe(52);
      expect(await pageOf('S').getByTestId('show-yes').textContent()).toContain('明牌 ×3');
      expect(await pageOf('N').getByTestId('show-yes').textContent()).toContain('Show ×3');
      const venueHand = (seat: string): Promise<(string | null)[]> =>
        venue
          .getByTestId(`b2-seat-${seat}-hand`)
          .locator('[data-card]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      // Before anyone shows, venue draws no hand.
      await venue.getByTestId('b2-seat-E-left').waitFor({ timeout: 15_000 });
      expect(await venue.locator('[data-testid$="-hand"]').count()).toBe(0);

      // East shows his hand (明牌): venue draws exactly his 13 cards face up, and nobody else's.
      await pageOf('E').getByTestId('show-yes').click();
      revision = await settled(terminals, revision);
      const east = hands.get('E') ?? [];
      await expect
        .poll(async () => [...(await venueHand('E'))].sort(), { timeout: 15_000 })
        .toEqual([...east].sort());
      for (const seat of ['S', 'N', 'W'])
        expect(await venue.getByTestId(`b2-seat-${seat}-hand`).count()).toBe(0);
      expect(await venue.getByTestId('b2-seat-E-shown').textContent()).toContain('明牌');
      // The other terminals see East's hand face up too: it is public now.
      expect(await pageOf('S').getByTestId('seat-E-hand').locator('[data-face]').count()).toBe(13);
      expect(await pageOf('S').getByTestId('seat-N-hand').count()).toBe(0);

      // The others keep theirs hidden; then the doubles in turn from 首家 (B2-DBL-1): West doubles.
      for (const seat of ['S', 'N', 'W']) {
        await pageOf(seat).getByTestId('show-no').click();
        revision = await settled(terminals, revision);
      }
      for (let turn = 0; turn < 4; turn += 1) {
        const states = await Promise.all(
          issued.seats.map(async ({ seat }) => ({ seat, ...(await stateOf(pageOf(seat))) })),
        );
        const acting = states.filter((s) => s.choice === 'double');
        expect(acting).toHaveLength(1);
        const seat = acting[0]?.seat ?? '';
        await pageOf(seat)
          .getByTestId(seat === 'W' ? 'double-yes' : 'double-no')
          .click();
        revision = await settled(terminals, revision);
      }
      expect(await pageOf('W').getByTestId('my-doubled').textContent()).toContain('加倍');
      expect(await pageOf('E').getByTestId('my-factor').textContent()).toBe('×3');

      // The first lead (B2-PLAY-1): a single without ♦3 is refused naming the rule; the hint's play is taken.
      const states = await Promise.all(
        issued.seats.map(async ({ seat }) => ({ seat, ...(await stateOf(pageOf(seat))) })),
      );
      const leader = states.find((s) => s.choice === 'play')?.seat ?? '';
      const lead = pageOf(leader);
      expect(hands.get(leader)).toContain('D3');
      const notD3 = (hands.get(leader) ?? []).find((f) => f !== 'D3') ?? '';
      await lead.getByTestId(`card-${notD3}`).click();
      expect(await lead.getByTestId('selection').getAttribute('data-legal')).toBe('false');
      await lead.getByTestId('play').click();
      const refusal = lead.getByTestId('rule-error');
      await refusal.waitFor({ timeout: 15_000 });
      expect(await refusal.getAttribute('data-rule')).toBe('B2-PLAY-1');
      expect(await refusal.textContent()).toContain('B2-PLAY-1');
      expect((await stateOf(lead)).revision).toBe(revision);

      // Up to here nothing was played: no card of a hidden hand was in any frame venue received.
      const hidden = ['S', 'N', 'W'].flatMap((seat) => hands.get(seat) ?? []);
      expect(venueFrames.length).toBeGreaterThan(3);
      const leaked = hidden.filter((face) => venueFrames.some((raw) => raw.includes(`"${face}"`)));
      expect(leaked).toEqual([]);
      expect(east.every((face) => venueFrames.some((raw) => raw.includes(`"${face}"`)))).toBe(true);

      await lead.getByTestId('hint').click();
      expect(await lead.getByTestId('selection').getAttribute('data-legal')).toBe('true');
      const chosen = await lead.getByTestId('hand').locator('button[data-selected="true"]').count();
      await lead.getByTestId('play').click();
      await settled(terminals, revision);
      expect(await handSize(lead)).toBe(13 - chosen);
      expect(
        await pageOf(leader === 'S' ? 'E' : 'S')
          .getByTestId('last-play')
          .locator('[data-face]')
          .count(),
      ).toBe(chosen);
      await context.close();
    },
  );
});
