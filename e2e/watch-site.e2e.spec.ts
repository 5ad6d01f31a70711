/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions run in Chromium: they need the DOM types.
import type { Page } from 'playwright-core';
import { ddzCga2017 } from '@tablecast/doudizhu';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall } from './support/api-call';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch, type SimulatedMatch } from './support/simulated-match';

/**
 * The spectator site beyond the table: finished deals trick by trick, each verified against its
 * commitment with a link to share, the levels chart readable on a phone, the live/delay
 * indicator, the index of matches at /watch, the language switch and the aria-live region. Real
 * server, real bot-played deals through the HTTP API, headless Chromium.
 */
const OPERATOR = 'e2e-watch-site-operator-0001';
const REFEREE = 'e2e-watch-site-referee-00001';
const ARBITER = 'e2e-watch-site-arbiter-00001';
const MATCH = 'e2e_watch_site';

interface ReleasedDeal {
  readonly events: readonly { readonly type: string; readonly data: Record<string, unknown> }[];
}

async function releasedDeal(url: string, hand: number): Promise<ReleasedDeal> {
  return vi.waitFor(
    async () => {
      const response = await fetch(`${url}/api/watch/matches/${MATCH}/deals/${String(hand)}`);
      if (!response.ok) throw new Error(`deal ${String(hand)} not released yet: ${String(response.status)}`);
      return (await response.json()) as ReleasedDeal;
    },
    { timeout: 20_000, interval: 200 },
  );
}

describe('the spectator site: deal stories, verification, chart, indicator, index, language, aria-live', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
    BROADCAST_DELAY_MS: '1000',
  });
  let match: SimulatedMatch;
  let names: Record<string, string>;

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'watch-site',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // Two deals finished, the third under way (its lead on the table).
    await match.playUntil(
      (s) => s.handsPlayed >= 2 && s.hand?.phase === 'play' && s.hand.trick?.last != null,
    );
    await releasedDeal(url(), 2);
    names = { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' };
  }, 120_000);

  const open = async (path: string, width = 1280, height = 900): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width, height } });
    await page.goto(`${url()}${path}`);
    return page;
  };

  it('a finished deal opens trick by trick: every trick, the tributes, who went out in which trick', async () => {
    const deal = await releasedDeal(url(), 2);
    const page = await open(`/watch/${MATCH}`);
    await page.getByTestId('history-2-open').click();
    const story = page.getByTestId('deal-story-2');
    await expect
      .poll(() => story.locator('[data-testid^="deal-2-trick-"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // One row per trick: as many as leads were played.
    const leads = deal.events.filter((e) => e.type === 'CardsPlayed' && e.data.lead === true).length;
    expect(await story.locator('[data-testid^="deal-2-trick-"]').count()).toBe(leads);
    // Who went out, each in the trick where it happened.
    for (const e of deal.events.filter((e) => e.type === 'PlayerFinished')) {
      const seat = String(e.data.seat);
      const out = story.getByTestId(`deal-2-out-${seat}`);
      expect(await out.count(), `seat ${seat} went out`).toBe(1);
      expect(await out.textContent()).toContain(names[seat]);
    }
    // Deal 2 follows deal 1's result: the losers paid tribute (or resisted it by the jokers).
    const tribute = (await page.getByTestId('deal-tribute-2').textContent()) ?? '';
    const given = deal.events.find((e) => e.type === 'TributeGiven');
    const resisted = deal.events.find((e) => e.type === 'TributeResisted');
    expect(given ?? resisted, 'deal 2 had a tribute or an anti-tribute').toBeDefined();
    if (given) expect(tribute).toContain(names[String(given.data.from)]);
    else expect(tribute).toContain('抗贡');
    // Bombs are counted and marked.
    const bombs = deal.events.filter(
      (e) =>
        e.type === 'CardsPlayed' &&
        ['bomb', 'straightFlush', 'fourJokers'].includes((e.data.as as { type: string }).type),
    ).length;
    expect(await story.locator('[data-bomb="true"]').count()).toBe(bombs);
    await page.screenshot({ path: join(artifactsDir, 'watch.deal-story.png'), fullPage: true });
    await page.close();
  });

  it('the verify link opens that deal checked against its commitment, and a tampered reveal fails', async () => {
    const page = await open(`/watch/${MATCH}?deal=1#verify`, 390, 844);
    await expect
      .poll(() => page.getByTestId('deal-badge-1').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('verified');
    expect(await page.getByTestId('history-1').locator('td > details').getAttribute('open')).not.toBeNull();
    expect(await page.getByTestId('deal-link-1').getAttribute('href')).toBe(
      `${url()}/watch/${MATCH}?deal=1#verify`,
    );
    // The hash is there on demand, not instead of the badge.
    expect(await page.getByTestId('deal-badge-1-hash').isVisible()).toBe(false);
    await page.close();

    const tampered = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await tampered.route(/\/api\/watch\/matches\/.*\/deals\/1$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ReleasedDeal;
      for (const e of body.events) {
        const order = e.data.order as string[] | undefined;
        if (e.type === 'DeckRevealed' && order) [order[0], order[1]] = [order[1] ?? '', order[0] ?? ''];
      }
      await route.fulfill({ response, json: body });
    });
    await tampered.goto(`${url()}/watch/${MATCH}?deal=1#verify`);
    await expect
      .poll(() => tampered.getByTestId('deal-badge-1').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('tampered');
    await tampered.close();
  });

  it('the deal on the table shows its commitment as a badge, the hex only on demand', async () => {
    const page = await open(`/watch/${MATCH}`);
    const badge = page.getByTestId('verify-badge');
    // Deal 3 is in play: its order is not public yet, so the badge says committed.
    await expect.poll(() => badge.getAttribute('data-state'), { timeout: 15_000 }).toBe('unrevealed');
    expect(await badge.textContent()).toContain('牌序已承诺');
    const hash = page.getByTestId('verify-badge-hash');
    expect(await hash.isVisible()).toBe(false);
    await page.getByTestId('verify').getByText('查看承诺哈希').click();
    expect(await hash.textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.close();
  });

  it('the levels chart on a phone: labels of 12 px or more, deal numbers on the axis, nothing clipped', async () => {
    for (const width of [360, 390]) {
      const page = await open(`/watch/${MATCH}`, width, 844);
      const chart = page.getByTestId('levels-chart');
      await expect.poll(() => chart.locator('text[data-deal]').count(), { timeout: 15_000 }).toBe(2);
      const measured = await chart.evaluate((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
          labels: [...svg.querySelectorAll('text')].map((t) => {
            const r = t.getBoundingClientRect();
            return {
              text: t.textContent,
              size: parseFloat(getComputedStyle(t).fontSize),
              height: r.height,
              left: r.left,
              right: r.right,
              top: r.top,
              bottom: r.bottom,
            };
          }),
        };
      });
      expect(measured.labels.filter((l) => l.text === '过A')).toHaveLength(1);
      expect(measured.labels.filter((l) => /^\d+$/.test(l.text)).map((l) => l.text)).toEqual(
        expect.arrayContaining(['1', '2']),
      );
      for (const label of measured.labels) {
        expect(label.size, `${label.text} font size`).toBeGreaterThanOrEqual(12);
        // Drawn 1:1 — the glyphs are as tall as the CSS says, not shrunk by a viewBox.
        expect(label.height, `${label.text} drawn height`).toBeGreaterThanOrEqual(11);
        expect(label.left, `${label.text} clipped left`).toBeGreaterThanOrEqual(measured.box.left);
        expect(label.right, `${label.text} clipped right`).toBeLessThanOrEqual(measured.box.right);
        expect(label.top).toBeGreaterThanOrEqual(measured.box.top);
        expect(label.bottom).toBeLessThanOrEqual(measured.box.bottom);
      }
      await page.close();
    }
  });

  it('no player name breaks inside itself anywhere on the page, deal history included (360 and 390 px)', async () => {
    for (const width of [360, 390]) {
      const page = await open(`/watch/${MATCH}`, width, 844);
      await expect
        .poll(() => page.getByTestId('hand-history').locator('tr').count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      // Every occurrence of every name in the page's text, measured as a range: one line box each.
      const split = await page.evaluate((players) => {
        const found: { name: string; lines: number }[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const name of players) {
            for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + name.length);
              const rects = [...range.getClientRects()].filter((r) => r.width > 0);
              if (rects.length === 0) continue;
              found.push({ name, lines: new Set(rects.map((r) => Math.round(r.top))).size });
            }
          }
        }
        return found;
      }, Object.values(names));
      await page.close();
      expect(split.length, 'names measured').toBeGreaterThanOrEqual(8);
      expect(
        split.filter((s) => s.lines > 1),
        `names split at ${String(width)} px`,
      ).toEqual([]);
    }
  });

  it('says it is live and by how much it is delayed', async () => {
    const page = await open(`/watch/${MATCH}`);
    const indicator = page.getByTestId('feed-indicator');
    await expect.poll(() => indicator.getAttribute('data-kind'), { timeout: 15_000 }).toBe('live');
    expect(await indicator.textContent()).toMatch(/直播\s*·\s*延时 1 秒/);
    await page.close();
  });

  it('/watch lists the matches, each linking to its page', async () => {
    const page = await open('/watch');
    const entry = page.getByTestId(`watch-match-${MATCH}`);
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('watch-index-live').getByTestId(`watch-match-${MATCH}`).count()).toBe(1);
    expect(await entry.textContent()).toContain('江苏队');
    await entry.locator('a').click();
    await page.waitForURL(`${url()}/watch/${MATCH}`);
    await page.close();
  });

  it('switches between Chinese and English on the page', async () => {
    const page = await open(`/watch/${MATCH}?deal=1`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.locator('h1').textContent()).toContain('观赛');
    await page.getByTestId('lang-switch').click();
    await page.waitForURL(/lang=en/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('h1').textContent()).toContain('Watch');
    expect(new URL(page.url()).searchParams.get('deal')).toBe('1');
    expect(await page.getByTestId('lang-switch').textContent()).toBe('中文');
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => !u.searchParams.has('lang'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.close();
  });

  it('announces released plays and results in an aria-live region', async () => {
    const page = await open(`/watch/${MATCH}`);
    const region = page.locator('[aria-live]');
    expect(await region.count()).toBe(1);
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const before = await page.getByTestId('stage').getAttribute('data-revision');
    // A few more plays at the table; the region reads each as it is released.
    const { revision } = await match.playUntil((_s, r) => r >= Number(before) + 4);
    await expect
      .poll(() => page.getByTestId('stage').getAttribute('data-revision'), { timeout: 15_000 })
      .toBe(String(revision));
    expect(await region.textContent()).toMatch(/(出|不要|第\d+副)/);
    await page.close();
  });

  it('once a deal ends and its order is revealed, the table’s badge says verified by itself', async () => {
    const page = await open(`/watch/${MATCH}`);
    const { revision } = await match.playUntil((s) => s.status === 'betweenHands' && s.handsPlayed >= 3);
    await expect
      .poll(() => page.getByTestId('stage').getAttribute('data-revision'), { timeout: 20_000 })
      .toBe(String(revision));
    await expect
      .poll(() => page.getByTestId('verify-badge').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('verified');
    expect(await page.getByTestId('verify-badge').textContent()).toContain('已验证');
    await page.close();
  });

  it('a Dou Dizhu match gets its own game on the site, in the console and in the replay, never a Guandan page', async () => {
    const ddz = 'e2e_watch_site_ddz';
    await apiCall(url(), OPERATOR, 'POST', '/api/matches', {
      game: 'doudizhu',
      matchId: ddz,
      table: 't1',
      ruleset: ddzCga2017,
      players: [
        { id: 'p0', name: '赵一', seat: 0 },
        { id: 'p1', name: '钱二', seat: 1 },
        { id: 'p2', name: '孙三', seat: 2 },
      ],
    });
    const errors: string[] = [];
    const visit = async (path: string): Promise<Page> => {
      const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
      page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`));
      await page.goto(`${url()}${path}`);
      return page;
    };

    // The spectator site draws the match with Dou Dizhu's skin once the delay has released it.
    const watch = await visit(`/watch/${ddz}`);
    await expect
      .poll(() => watch.getByTestId('watch-plain').getAttribute('data-game'), { timeout: 20_000 })
      .toBe('doudizhu');
    await expect
      .poll(() => watch.getByTestId('watch-plain').innerText(), { timeout: 10_000 })
      .toContain('赵一');
    expect(await watch.getByTestId('hand-history').count()).toBe(0);

    // The console: the players key their own moves, so it shows the match and operates nothing.
    for (const [lang, note] of [
      ['zh-CN', '该比赛由选手终端操作'],
      ['en', 'This match is played on the player terminals'],
    ] as const) {
      const page = await visit(`/overlays/console/?match=${ddz}&lang=${lang}#token=${OPERATOR}`);
      await expect
        .poll(() => page.getByTestId('terminal-note').textContent(), { timeout: 10_000 })
        .toBe(note);
      expect(await page.getByTestId('terminal-match').getAttribute('data-game')).toBe('doudizhu');
      expect(await page.getByTestId('terminal-player').allInnerTexts()).toEqual([
        expect.stringContaining('赵一'),
        expect.stringContaining('钱二'),
        expect.stringContaining('孙三'),
      ]);
      expect(await page.getByTestId('console').count()).toBe(0);
      await page.close();
    }

    // The replay: the staff view drawn by the game's skin, the events by their code names.
    const replay = await visit(`/overlays/replay/?match=${ddz}#token=${ARBITER}`);
    await expect
      .poll(() => replay.getByTestId('replay-plain-table').getAttribute('data-game'), { timeout: 10_000 })
      .toBe('doudizhu');
    await expect
      .poll(() => replay.getByTestId('replay-plain-table').innerText(), { timeout: 10_000 })
      .toContain('赵一');
    expect(await replay.getByTestId('event-type').textContent()).toMatch(/MatchCreated/);
    expect(errors).toEqual([]);
    await Promise.all([watch.close(), replay.close()]);
  });
});

describe('the spectator site while the delay is still building (1 h delay)', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
    BROADCAST_DELAY_MS: '3600000',
  });

  it('the indicator says the delay is building, and /watch lists the match as opening shortly', async () => {
    await createSimulatedMatch({
      url: url(),
      matchId: 'e2e_watch_held',
      seed: 'watch-held',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${url()}/watch/e2e_watch_held`);
    const indicator = page.getByTestId('feed-indicator');
    await expect.poll(() => indicator.getAttribute('data-kind'), { timeout: 15_000 }).toBe('building');
    expect(await indicator.textContent()).toContain('延时缓冲中');
    await page.goto(`${url()}/watch?lang=en`);
    const entry = page.getByTestId('watch-match-e2e_watch_held');
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    // Nothing of the match is public yet: not even its teams.
    expect(await entry.textContent()).toContain('Delay building');
    expect(await entry.textContent()).not.toContain('江苏队');
    await page.close();
  });
});
