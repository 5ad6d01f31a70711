/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { Browser, Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { diffPngs, pngAlphaAt } from './support/overlay-screenshots';
import { artifactsDir, repoRoot } from './support/repo';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';
import { staffState as foldedStaffState } from './support/staff-state';

/**
 * The on-air overlays and the spectator site against the built server and a seeded bot
 * match: every overlay on the venue and the broadcast feed renders, is transparent, matches its
 * committed reference image, shows no card of a hand on venue (DOM and every websocket frame),
 * and follows the match as events arrive. `OVERLAY_REFERENCES=update` rewrites the references.
 */
const OPERATOR = 'e2e-overlays-operator-token-01';
const REFEREE = 'e2e-overlays-referee-token-001';
const MATCH = 'e2e_overlays_final';
const SEED = 'overlay-e2e';
const PAGES = ['scorebug', 'table', 'moments', 'standings', 'lowerthird'] as const;
const FEEDS = ['venue', 'broadcast'] as const;
const SEATS = ['S', 'E', 'N', 'W'] as const;
const referenceDir = join(repoRoot, 'e2e/overlays-reference');
const updateReferences = process.env.OVERLAY_REFERENCES === 'update';
/**
 * Pixels (of 2,073,600) allowed to differ from the reference beyond the per-channel threshold:
 * room for antialiasing on another machine, too little for a changed digit (about 300 pixels).
 */
const TOLERANCE_PIXELS = 150;

type Hands = Readonly<Record<(typeof SEATS)[number], readonly string[]>>;
interface StaffState {
  readonly revision: number;
  readonly state: { readonly handsPlayed: number; readonly hand: { readonly hands: Hands } | null };
}

describe('on-air overlays and the spectator site in headless Chromium', () => {
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let match: SimulatedMatch | undefined;
  /** The revision every reference screenshot shows, and the hands held then. */
  let still = 0;
  let handsAtStill: Hands | undefined;

  const url = (path: string): string => {
    if (!server) throw new Error('server not started');
    return `${server.url}${path}`;
  };
  const staffState = (): Promise<StaffState> => foldedStaffState(url(''), OPERATOR, MATCH);
  const overlayUrl = (page: (typeof PAGES)[number], feed: string, extra = ''): string =>
    url(`/overlays/${page}/?match=${MATCH}&feed=${feed}${page === 'lowerthird' ? '&seat=S' : ''}${extra}`);
  /** A page with every websocket frame it receives kept, to scan them for hidden cards. */
  const openPage = async (): Promise<{ page: Page; frames: string[] }> => {
    if (!browser) throw new Error('browser not launched');
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8'));
      });
    });
    return { page, frames };
  };
  const shownRevision = async (page: Page): Promise<number> =>
    Number(await page.getByTestId('stage').getAttribute('data-revision'));
  const allHandCards = (hands: Hands): string[] => SEATS.flatMap((seat) => hands[seat]);

  /** No card still in a hand may reach a venue client: not in the DOM, not in any frame. */
  const expectNoHiddenCards = async (
    page: Page,
    frames: readonly string[],
    revision: number,
    hands: Hands,
  ) => {
    const hidden = new Set(allHandCards(hands));
    expect(await page.locator('[data-testid$="-hand"]').count()).toBe(0);
    const drawn = await page
      .locator('[data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(drawn.filter((card) => card !== null && hidden.has(card))).toEqual([]);
    const feedFrames = frames
      .map((raw) => JSON.parse(raw) as { type: string; view?: Record<string, unknown> | null })
      .filter((m) => m.type === 'feed');
    expect(feedFrames.length).toBeGreaterThan(0);
    for (const frame of feedFrames) {
      const view = (frame.view ?? null) as {
        revision: number;
        seats: Record<string, { hand: unknown }>;
        deck: { salt: unknown; order: unknown } | null;
      } | null;
      if (view === null) continue;
      for (const seat of SEATS) expect(view.seats[seat]?.hand, `venue hand of ${seat}`).toBeNull();
      expect(view.deck?.salt ?? null).toBeNull();
      expect(view.deck?.order ?? null).toBeNull();
      if (view.revision === revision) {
        const text = JSON.stringify(frame);
        expect([...hidden].filter((card) => text.includes(`"${card}"`))).toEqual([]);
      }
    }
  };

  beforeAll(async () => {
    server = await startServerProcess({
      TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
      BROADCAST_DELAY_MS: '1000',
    });
    browser = await launchBrowser();
    mkdirSync(artifactsDir, { recursive: true });
    match = await createSimulatedMatch({
      url: server.url,
      matchId: MATCH,
      seed: SEED,
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
      // A 12-deal 计副制 game (GD-FMT-2): the scorebug shows the deals left.
      format: { kind: 'fixedDeals', deals: 12 },
    });
    // Deal 2 just under way, the hands still full (a deal's start is where a 27-card hand once left
    // the frame), a referee's warning, then one more action: the picture has history, levels, full
    // hands, a penalty bug and a clock at 0 s. The geometry spec covers every tag at worst case.
    const { state } = await match.playUntil(
      (s) => s.handsPlayed >= 1 && s.hand?.phase === 'play' && (s.hand.trick?.last ?? null) !== null,
    );
    const warned = await match.referee({
      type: 'IssuePenalty',
      seat: state.hand?.turn ?? 'S',
      sanction: 'warning',
      rule: 'GD-TIME-1',
      note: 'slow play',
    });
    still = (await match.playUntil((_, revision) => revision > warned)).revision;
    const staff = await staffState();
    if (staff.revision !== still || staff.state.hand === null) throw new Error('match moved or no hand');
    handsAtStill = staff.state.hand.hands;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const feed of FEEDS) {
    for (const name of PAGES) {
      it(`${name} on ${feed}: renders the view, transparent, as its reference image`, async () => {
        const { page, frames } = await openPage();
        await page.goto(overlayUrl(name, feed, '&still=1'));
        await expect.poll(() => shownRevision(page), { timeout: 15_000 }).toBe(still);
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        if (name === 'table' && feed === 'broadcast') {
          // The broadcast table draws its cards from bitmaps made in the page (cards/card-bitmaps.ts),
          // each the background of its card box, the SVG until then: the reference shows the
          // bitmaps, and every card must get one.
          const sources = (): Promise<string[]> =>
            page
              .locator('[data-card]')
              .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundImage));
          await expect
            .poll(async () => (await sources()).filter((src) => !src.startsWith('url("data:image/png')), {
              timeout: 15_000,
            })
            .toEqual([]);
          expect((await sources()).length).toBeGreaterThan(0);
        }
        const shot = await page.screenshot({ omitBackground: true });
        writeFileSync(join(artifactsDir, `overlay-${name}.${feed}.png`), shot);
        // Transparent background: the corners show the video under the overlay.
        expect(await pngAlphaAt(page, shot, 0, 0)).toBe(0);
        expect(await pngAlphaAt(page, shot, 1919, 1079)).toBe(0);
        expect(await page.locator('[data-testid="stage"] > *').count()).toBeGreaterThan(0);
        expect(await page.getByTestId('reconnecting').count()).toBe(0);

        if (!handsAtStill) throw new Error('no hands recorded');
        if (feed === 'venue') {
          await expectNoHiddenCards(page, frames, still, handsAtStill);
        } else if (name === 'table') {
          for (const seat of SEATS) {
            const drawn = await page
              .getByTestId(`seat-${seat}-hand`)
              .locator('[data-card]')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
            expect([...drawn].sort()).toEqual([...handsAtStill[seat]].sort());
          }
        }

        // Deal 2 of the 12-deal game: ten deals not yet begun (GD-FMT-2).
        if (name === 'scorebug')
          expect(await page.getByTestId('format-progress').textContent()).toBe('· 剩余10副');

        const reference = join(referenceDir, `${name}.${feed}.png`);
        if (updateReferences || !existsSync(reference)) {
          mkdirSync(referenceDir, { recursive: true });
          writeFileSync(reference, shot);
          if (!updateReferences)
            throw new Error(`no reference image ${reference}: wrote one, review and commit it`);
        } else {
          const diff = await diffPngs(page, shot, readFileSync(reference));
          writeFileSync(join(artifactsDir, `overlay-${name}.${feed}.diff.json`), JSON.stringify(diff));
          expect(
            diff.differing,
            `${String(diff.differing)} pixels differ from ${reference}`,
          ).toBeLessThanOrEqual(TOLERANCE_PIXELS);
        }
        await page.close();
      });
    }
  }

  it('speaks English with lang=en', async () => {
    const { page } = await openPage();
    await page.goto(overlayUrl('table', 'venue', '&still=1&lang=en'));
    await expect.poll(() => shownRevision(page), { timeout: 15_000 }).toBe(still);
    const text = await page.getByTestId('table-view').textContent();
    expect(text).toContain('South');
    expect(text).toMatch(/Deal \d+/);
    expect(text).not.toMatch(/[南北东西]/);
    await page.close();
  });

  it('every overlay follows the match as events arrive, and venue still shows no hand', async () => {
    if (!match) throw new Error('no match');
    const pages = await Promise.all(
      FEEDS.flatMap((feed) =>
        PAGES.map(async (name) => {
          const opened = await openPage();
          await opened.page.goto(overlayUrl(name, feed));
          await expect.poll(() => shownRevision(opened.page), { timeout: 15_000 }).toBe(still);
          return { name, feed, ...opened };
        }),
      ),
    );
    const momentsSeen = new Map<Page, Set<string>>();
    for (const { page, name } of pages) {
      if (name !== 'moments') continue;
      const kinds = new Set<string>();
      momentsSeen.set(page, kinds);
      await page.exposeFunction('tablecastMomentSeen', (kind: string) => kinds.add(kind));
      await page.evaluate(() => {
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-testid="moment"]')) {
            void (
              window as unknown as { tablecastMomentSeen(kind: string): Promise<void> }
            ).tablecastMomentSeen(el.getAttribute('data-kind') ?? '');
          }
        }).observe(document.body, { subtree: true, childList: true });
      });
    }
    // To the end of deal 2: plays, a deal end, levels move.
    const { revision: end } = await match.playUntil((s) => s.handsPlayed >= 2);
    const staff = await staffState();
    for (const { page, name, feed, frames } of pages) {
      await expect.poll(() => shownRevision(page), { timeout: 15_000 }).toBe(end);
      if (name === 'standings') {
        const won = await page.locator('[data-testid^="standing-"] td:nth-child(3)').allTextContents();
        expect(won.map(Number).reduce((a, b) => a + b, 0)).toBe(2);
      }
      if (name === 'moments') {
        expect([...(momentsSeen.get(page) ?? [])]).toContain('handEnd');
        await page.screenshot({
          path: join(artifactsDir, `overlay-moments-live.${feed}.png`),
          omitBackground: true,
        });
      }
      if (feed === 'venue' && staff.state.hand)
        await expectNoHiddenCards(page, frames, end, staff.state.hand.hands);
      await page.close();
    }
  });

  it('the spectator site at /watch/<match>: table, history, levels chart, and a deal that verifies', async () => {
    const { page } = await openPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url(`/watch/${MATCH}`));
    await expect
      .poll(() => page.getByTestId('hand-history').locator('tr').count(), { timeout: 15_000 })
      .toBe(2);
    expect(await page.getByTestId('seat-S-hand').count()).toBe(1);
    expect(await page.getByTestId('levels-chart').locator('path').count()).toBe(2);
    await page.getByTestId('verify-button').click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-ok')).toBe('true');
    await page.screenshot({ path: join(artifactsDir, 'watch.zh-CN.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(artifactsDir, 'watch.phone.png'), fullPage: true });
    await page.close();
  });

  it('the verify button catches a tampered reveal (order altered on the way to the browser)', async () => {
    const { page } = await openPage();
    await page.routeWebSocket(/\/ws$/, (socket) => {
      const upstream = socket.connectToServer();
      socket.onMessage((message) => {
        upstream.send(message);
      });
      upstream.onMessage((message) => {
        const parsed = JSON.parse(message.toString()) as {
          view?: { deck?: { order: string[] | null } | null };
        };
        const order = parsed.view?.deck?.order;
        if (order && order.length > 1) [order[0], order[1]] = [order[1] ?? '', order[0] ?? ''];
        socket.send(JSON.stringify(parsed));
      });
    });
    await page.goto(url(`/watch/${MATCH}`));
    await expect
      .poll(() => page.getByTestId('hand-history').locator('tr').count(), { timeout: 15_000 })
      .toBe(2);
    await page.getByTestId('verify-button').click();
    await expect.poll(() => page.getByTestId('verify-result').getAttribute('data-ok')).toBe('false');
    await page.close();
  });

  it('after a drop: the staff preview shows the reconnecting mark, on air shows none, both keep the view and resume with lastSeq', async () => {
    for (const preview of [true, false]) {
      const { page } = await openPage();
      const subscribes: { lastSeq?: number }[] = [];
      const drops: (() => Promise<void>)[] = [];
      await page.routeWebSocket(/\/ws$/, (socket) => {
        const upstream = socket.connectToServer();
        socket.onMessage((message) => {
          const parsed = JSON.parse(message.toString()) as { type: string; lastSeq?: number };
          if (parsed.type === 'subscribe') subscribes.push(parsed);
          upstream.send(message);
        });
        upstream.onMessage((message) => {
          socket.send(message);
        });
        drops.push(() => socket.close());
      });
      await page.goto(overlayUrl('table', 'venue', preview ? '&preview=1' : ''));
      await expect.poll(() => page.getByTestId('table-view').count(), { timeout: 15_000 }).toBe(1);
      const seq = Number(await page.getByTestId('stage').getAttribute('data-seq'));
      await drops[0]?.();
      // The page noticed the drop; only the staff preview says so.
      await expect
        .poll(() => page.getByTestId('stage').getAttribute('data-connection'), {
          interval: 20,
          timeout: 5_000,
        })
        .toBe('reconnecting');
      expect(await page.getByTestId('reconnecting').count()).toBe(preview ? 1 : 0);
      // No flicker back to empty while the socket is down, on air or not.
      expect(await page.getByTestId('table-view').count()).toBe(1);
      await expect.poll(() => subscribes.length, { timeout: 10_000 }).toBe(2);
      expect(subscribes[1]?.lastSeq).toBe(seq);
      await expect.poll(() => page.getByTestId('reconnecting').count(), { timeout: 5_000 }).toBe(0);
      await page.close();
    }
  });

  it('serves /watch/ only for well-formed match ids', async () => {
    expect((await fetch(url('/watch/bad%20id!'))).status).toBe(404);
  });
});
