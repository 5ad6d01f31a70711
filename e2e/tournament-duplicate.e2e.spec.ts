/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import type {
  DuplicateStandingView,
  TournamentFeedFrame,
  TournamentFeedView,
  TournamentRoundView,
} from '@tablecast/protocol';
import { TITLE_SAFE, contains, type Region } from '@tablecast/obs';
import type { Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCall } from './support/api-call';
import { diffPngs } from './support/overlay-screenshots';
import { artifactsDir, repoRoot } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * A Dou Dizhu duplicate event's standings on the standings overlay and the spectator event page,
 * in headless Chromium against the built server. Over its tournament feed (/ws/tournament): six
 * players at two tables, one duplicate board played by the seeded bots, the players ranked by S as
 * each table's result lands (TRN-MP-5), in zh-CN and English. Then, through an intercepted feed,
 * the overlay at its worst (16 rows, 120-character names, the longest tie-break value) stays in the
 * title-safe area, and a fixed event (TRN-MP-6's numbers) matches its reference pictures.
 */
const REFEREE = 'e2e-ddz-referee-token-00001';
const ARBITER = 'e2e-ddz-arbiter-token-00001';
const EVENT = 'e2e_ddz';
const referenceDir = join(repoRoot, 'e2e/overlays-reference');
const updateReferences = process.env.OVERLAY_REFERENCES === 'update';
const TOLERANCE_PIXELS = 150;
/** The entrants P1…P6 by name, as the CSV registers them. */
const PLAYERS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊'];

interface RestRow {
  readonly player: string;
  readonly rank: number;
  readonly S: string;
}

describe('a duplicate event’s standings over the tournament feed (TRN-MP-5, TRN-TB-4)', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `referee=${REFEREE},arbiter=${ARBITER}`,
  });
  const api = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), token, method, `/api${path}`, body);
  let tables: { matchId: string; seats: string[] }[] = [];

  beforeAll(async () => {
    await api(ARBITER, 'POST', '/tournaments', {
      tournamentId: EVENT,
      name: '斗地主公开赛',
      game: 'doudizhu',
      ruleset: 'cga2017',
      stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
      options: { boardsPerRound: 1 },
    });
    const csv = `entrant,name\n${PLAYERS.map((n, i) => `P${String(i + 1)},${n}`).join('\n')}\n`;
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/entrants`, { csv });
    await api(REFEREE, 'POST', `/tournaments/${EVENT}/rounds`, { seed: 'draw-1' });
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/rounds/1/publish`);
    ({ tables } = (await api(REFEREE, 'POST', `/tournaments/${EVENT}/rounds/1/start`)) as {
      tables: { matchId: string; seats: string[] }[];
    });
    // TRN-MP-1: the round's one board, set at both tables by the start, dealt by each table's
    // DealBoard; the seeded bots play every seat.
    const event = (await api(REFEREE, 'GET', `/tournaments/${EVENT}`)) as {
      rounds: { boardSets: { boards: { id: string }[] }[] }[];
    };
    const board = event.rounds[0]?.boardSets[0]?.boards[0]?.id ?? '';
    for (const table of tables) {
      const { revision } = (await api(REFEREE, 'GET', `/matches/${table.matchId}/state`)) as {
        revision: number;
      };
      await api(REFEREE, 'POST', `/matches/${table.matchId}/commands`, {
        game: 'doudizhu',
        revision,
        idempotencyKey: `deal-${table.matchId}`,
        command: { type: 'DealBoard', board: 1 },
      });
    }
    for (const table of tables)
      for (const seat of [0, 1, 2])
        await api(REFEREE, 'POST', '/seat-bots', {
          matchId: table.matchId,
          seat,
          seed: `${table.matchId}-${String(seat)}`,
        });
    await vi.waitFor(
      async () => {
        const results = (await api(REFEREE, 'GET', `/boards/${board}/results`)) as {
          tables: { result: unknown }[];
        };
        expect(results.tables.map((t) => t.result !== null)).toEqual([true, true]);
      },
      { timeout: 60_000, interval: 200 },
    );
  });

  const open = async (page: string, query: string, width = 1920, height = 1080): Promise<Page> => {
    const tab = await browser().newPage({ viewport: { width, height } });
    await tab.goto(`${url()}/overlays/${page}/?${query}`);
    return tab;
  };
  const endMatch = async (matchId: string): Promise<void> => {
    const { revision } = (await api(REFEREE, 'GET', `/matches/${matchId}/state`)) as { revision: number };
    await api(REFEREE, 'POST', `/matches/${matchId}/commands`, {
      game: 'doudizhu',
      revision,
      idempotencyKey: `end-${matchId}`,
      command: { type: 'EndMatch' },
    });
  };
  const cells = (page: Page, selector: string): Promise<string[][]> =>
    page
      .locator(`${selector} tbody tr`)
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())),
      );
  const headers = (page: Page, selector: string): Promise<string[]> =>
    page.locator(`${selector} th`).evaluateAll((all) => all.map((th) => th.textContent.trim()));

  it('draws the players by S in zh-CN, moving as each table result lands, and the event page the same', async () => {
    const [t1, t2] = tables;
    if (t1 === undefined || t2 === undefined) throw new Error('two tables expected');
    const standings = await open('standings', `tournament=${EVENT}`);
    const panel = standings.getByTestId('tournament-standings');
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.locator('h2').textContent()).toBe('斗地主公开赛 · 名次表');
    expect(await headers(standings, '[data-testid="duplicate-standings"]')).toEqual([
      '名次',
      '牌手',
      '最终成绩S',
      '副数',
      '去同分',
    ]);
    expect(await standings.getByTestId('tiebreak-order').textContent()).toMatch(
      /^同分排序: 最终成绩S → 总用时 → 去极值平均用时 → 所胜对手平均S → 名次数 \(TRN-TB-4\)$/,
    );
    // No table has a result yet: no rows.
    expect(await standings.locator('[data-entrant]').count()).toBe(0);

    await endMatch(t1.matchId);
    // Table 1's players, each alone so far in its seat on the board: 1st, 10000 each (TRN-MP-3/4).
    await expect.poll(() => standings.locator('[data-entrant]').count(), { timeout: 20_000 }).toBe(3);
    const names = new Map([
      ['P1', '张伟'],
      ['P2', '王芳'],
      ['P3', '李娜'],
      ['P4', '刘洋'],
      ['P5', '陈静'],
      ['P6', '杨磊'],
    ]);
    // Their order and ranks are then the tie-break's (TRN-TB-4: total time next, in whole seconds of
    // each bot's play, which a loaded machine can tip either way): the page shows them as the REST
    // standings give them.
    const afterTable1 = (await api(REFEREE, 'GET', `/tournaments/${EVENT}/standings`)) as { rows: RestRow[] };
    expect(afterTable1.rows.map((r) => r.player).sort()).toEqual([...t1.seats].sort());
    expect(afterTable1.rows.map((r) => r.S)).toEqual(['10000.00', '10000.00', '10000.00']);
    expect((await cells(standings, '[data-testid="duplicate-standings"]')).map((r) => r.slice(0, 4))).toEqual(
      afterTable1.rows.map((r) => [String(r.rank), names.get(r.player), r.S, '1']),
    );

    const event = await open('event', `tournament=${EVENT}`, 1280, 900);
    await event.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    await endMatch(t2.matchId);
    await expect.poll(() => standings.locator('[data-entrant]').count(), { timeout: 20_000 }).toBe(6);
    // Both tables compared seat by seat: the page shows the REST standings' ranks and S, in order.
    const rest = (await api(REFEREE, 'GET', `/tournaments/${EVENT}/standings`)) as { rows: RestRow[] };
    const expected = rest.rows.map((r) => [String(r.rank), names.get(r.player), r.S, '1']);
    expect((await cells(standings, '[data-testid="duplicate-standings"]')).map((r) => r.slice(0, 4))).toEqual(
      expected,
    );
    await expect
      .poll(() => event.locator('[data-testid="duplicate-standings"] [data-entrant]').count(), {
        timeout: 15_000,
      })
      .toBe(6);
    expect((await cells(event, '[data-testid="duplicate-standings"]')).map((r) => r.slice(0, 4))).toEqual(
      expected,
    );
    expect(await headers(event, '[data-testid="duplicate-standings"]')).toEqual([
      '名次',
      '牌手',
      '最终成绩S',
      '副数',
      '去同分',
    ]);
    mkdirSync(artifactsDir, { recursive: true });
    await standings.screenshot({
      path: join(artifactsDir, 'tournament-duplicate-live.zh-CN.png'),
      omitBackground: true,
    });
    await event.screenshot({
      path: join(artifactsDir, 'tournament-duplicate-event.zh-CN.png'),
      fullPage: true,
    });
    for (const page of [standings, event]) await page.close();
  });

  it('speaks English with lang=en', async () => {
    const standings = await open('standings', `tournament=${EVENT}&lang=en`);
    const panel = standings.getByTestId('tournament-standings');
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.locator('h2').textContent()).toBe('斗地主公开赛 · Standings');
    expect(await headers(standings, '[data-testid="duplicate-standings"]')).toEqual([
      'Rank',
      'Player',
      'Final score S',
      'Boards',
      'Tie-break',
    ]);
    expect(await standings.getByTestId('tiebreak-order').textContent()).toBe(
      'Tie-break order: Final score S → Total time → Trimmed average time → Defeated opponents’ mean S → Places (TRN-TB-4)',
    );
    await expect.poll(() => standings.locator('[data-entrant]').count(), { timeout: 20_000 }).toBe(6);
    const event = await open('event', `tournament=${EVENT}&lang=en`, 1280, 900);
    await event.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    expect(await headers(event, '[data-testid="duplicate-standings"]')).toEqual([
      'Rank',
      'Player',
      'Final score S',
      'Boards',
      'Tie-break',
    ]);
    for (const page of [standings, event]) await page.close();
  });

  it('the pairings page, the ticker and the event page give each table its players by seat (TRN-MOVE-4/5, TRN-MP-1)', async () => {
    const nameOf = (entrant: string): string => PLAYERS[Number(entrant.slice(1)) - 1] ?? entrant;
    const pairings = await open('pairings', `tournament=${EVENT}`);
    const section = pairings.getByTestId('tournament-pairings');
    await section.waitFor({ timeout: 15_000 });
    for (const [i, table] of tables.entries()) {
      const row = pairings.locator(`[data-match="r1.t${String(i + 1)}"]`);
      expect(await row.locator('.table').textContent()).toBe(`${String(i + 1)}号桌`);
      expect(
        await row.locator('[data-entrant]').evaluateAll((names) => names.map((n) => n.textContent.trim())),
      ).toEqual(table.seats.map(nameOf));
    }
    // On air, the panel stands inside the title-safe area, every name inside it.
    const panel = await section.boundingBox();
    expect(panel, 'the pairings panel has a box').not.toBeNull();
    if (panel !== null) expect(contains(TITLE_SAFE, panel), JSON.stringify(panel)).toBe(true);
    for (const box of await pairings
      .locator('[data-entrant]')
      .evaluateAll((names) => names.map((n) => n.getBoundingClientRect().toJSON() as Region)))
      if (panel !== null) expect(contains(panel, box), JSON.stringify(box)).toBe(true);

    // The ticker beside table 1 on air: table 2 alone, each seat's total from its venue feed. A
    // Dou Dizhu board is zero-sum: the landlord takes what the two farmers pay (DDZ-SCORE-1…4).
    const [t1] = tables;
    const ticker = await open(
      'ticker',
      `tournament=${EVENT}&except=${encodeURIComponent(t1?.matchId ?? '')}`,
    );
    await ticker.getByTestId('tournament-ticker').waitFor({ timeout: 15_000 });
    expect(
      await ticker
        .locator('[data-match]')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-match'))),
    ).toEqual(['r1.t2']);
    const totals = ticker.locator('[data-match="r1.t2"] [data-testid="live-score"]');
    await expect.poll(() => totals.count(), { timeout: 15_000 }).toBe(3);
    const values = (await totals.allTextContents()).map(Number);
    expect(values.reduce((sum, v) => sum + v, 0)).toBe(0);
    expect(values.some((v) => v !== 0)).toBe(true);

    // The event page: every table with its boards of the set and its /watch page.
    const event = await open('event', `tournament=${EVENT}`, 1280, 900);
    await event.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    for (const [i, table] of tables.entries()) {
      const row = event.locator(`li[data-match="r1.t${String(i + 1)}"]`);
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已发1/1副');
      for (const entrant of table.seats) expect(await row.textContent()).toContain(nameOf(entrant));
      expect(await row.locator('a').getAttribute('href')).toBe(`/watch/${encodeURIComponent(table.matchId)}`);
    }
    await pairings.screenshot({
      path: join(artifactsDir, 'tournament-duplicate-pairings.zh-CN.png'),
      omitBackground: true,
    });
    for (const page of [pairings, ticker, event]) await page.close();
  });

  describe('through an intercepted tournament feed', () => {
    /** Shows `view` to a standings page as the feed's only frame, and waits for it to draw. */
    const shown = async (view: TournamentFeedView, lang: 'zh-CN' | 'en'): Promise<Page> => {
      const page = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
      await page.routeWebSocket(/\/ws\/tournament$/, (socket) => {
        socket.onMessage(() => {
          const frame: TournamentFeedFrame = {
            type: 'tournament',
            tournamentId: view.tournamentId,
            seq: 1,
            view,
          };
          socket.send(JSON.stringify(frame));
        });
      });
      await page.goto(`${url()}/overlays/standings/?tournament=${view.tournamentId}&lang=${lang}`);
      await page.getByTestId('duplicate-standings').waitFor({ timeout: 15_000 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished)).then(() => undefined),
      );
      return page;
    };

    /** Shows `view` to an overlay page as the feed's only frame, and waits for `testId` to draw. */
    const fed = async (
      overlay: string,
      view: TournamentFeedView,
      lang: 'zh-CN' | 'en',
      testId: string,
      width = 1920,
      height = 1080,
    ): Promise<Page> => {
      const page = await browser().newPage({ viewport: { width, height } });
      await page.routeWebSocket(/\/ws\/tournament$/, (socket) => {
        socket.onMessage(() => {
          const frame: TournamentFeedFrame = {
            type: 'tournament',
            tournamentId: view.tournamentId,
            seq: 1,
            view,
          };
          socket.send(JSON.stringify(frame));
        });
      });
      await page.goto(`${url()}/overlays/${overlay}/?tournament=${view.tournamentId}&lang=${lang}`);
      await page.getByTestId(testId).waitFor({ timeout: 15_000 });
      return page;
    };

    it('stays inside the title-safe area with 16 rows, the longest names and tie-break values', async () => {
      mkdirSync(artifactsDir, { recursive: true });
      const offences: string[] = [];
      for (const lang of ['zh-CN', 'en'] as const)
        for (const script of ['cjk', 'latin'] as const) {
          const page = await shown(worstCaseView(script), lang);
          expect(await page.locator('[data-entrant]').count()).toBe(16);
          const boxes = await page.evaluate(paintedBoxes);
          expect(boxes.length).toBeGreaterThan(16 * 5);
          for (const box of boxes)
            if (!contains(grown(TITLE_SAFE), box))
              offences.push(`${lang}/${script}: ${box.what} ${where(box)}`);
          await page.screenshot({
            path: join(artifactsDir, `tournament-duplicate-worst.${lang}.${script}.png`),
            omitBackground: true,
          });
          await page.close();
        }
      expect(offences).toEqual([]);
    });

    it('TRN-MOVE-6: the pairings, standings, ticker and event page name the round and the session, in zh-CN and English', async () => {
      const labels = {
        'zh-CN': {
          pairings: '斗地主公开赛 · 第2轮 第1局对阵',
          standings: '斗地主公开赛 · 名次表 · 第2轮 第1局',
          ticker: '第2轮 第1局',
          event: ['第2轮 第1局', '第1轮 第2局', '第1轮 第1局'],
        },
        en: {
          pairings: '斗地主公开赛 · Round 2, session 1 pairings',
          standings: '斗地主公开赛 · Standings · Round 2, session 1',
          ticker: 'Round 2, session 1',
          event: ['Round 2, session 1', 'Round 1, session 2', 'Round 1, session 1'],
        },
      } as const;
      for (const lang of ['zh-CN', 'en'] as const) {
        const pairings = await fed('pairings', sessionsView, lang, 'tournament-pairings');
        expect(await pairings.locator('h2').textContent()).toBe(labels[lang].pairings);
        const standings = await fed('standings', sessionsView, lang, 'tournament-standings');
        expect(await standings.locator('h2').textContent()).toBe(labels[lang].standings);
        const ticker = await fed('ticker', sessionsView, lang, 'tournament-ticker');
        expect(await ticker.getByTestId('ticker-round').textContent()).toBe(labels[lang].ticker);
        const event = await fed('event', sessionsView, lang, 'tournament-event', 1280, 900);
        expect(await event.locator('article[data-round] h3').allTextContents()).toEqual(labels[lang].event);
        await standings.screenshot({
          path: join(artifactsDir, `tournament-duplicate-sessions.${lang}.png`),
          omitBackground: true,
        });
        // TRN-MOVE-6: while a session is played, no next session beside the heading.
        for (const page of [pairings, standings, ticker, event])
          expect(await page.getByTestId('next-session').count()).toBe(0);
        for (const page of [pairings, standings, ticker, event]) await page.close();
      }
    });

    it('TRN-MOVE-6: between two sessions the standings and pairings name the next under their heading, in zh-CN and English, inside the title-safe area', async () => {
      const next = { 'zh-CN': '下一局：第2轮 第2局', en: 'Next: round 2, session 2' } as const;
      const heading = {
        'zh-CN': '斗地主公开赛 · 名次表 · 第2轮 第1局',
        en: '斗地主公开赛 · Standings · Round 2, session 1',
      } as const;
      const offences: string[] = [];
      for (const lang of ['zh-CN', 'en'] as const) {
        const standings = await fed('standings', betweenView, lang, 'tournament-standings');
        const pairings = await fed('pairings', betweenView, lang, 'tournament-pairings');
        expect(await standings.locator('h2').textContent()).toBe(heading[lang]);
        for (const page of [standings, pairings]) {
          const label = page.getByTestId('next-session');
          expect(await label.textContent()).toBe(next[lang]);
          const box = await label.boundingBox();
          const h2 = await page.locator('h2').boundingBox();
          if (box === null || h2 === null) throw new Error('the next session or the heading is not drawn');
          // Its own line under the heading, which still reads whole.
          expect(box.y).toBeGreaterThanOrEqual(h2.y + h2.height - SLACK);
          expect(await page.locator('h2').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        }
        await standings.screenshot({
          path: join(artifactsDir, `tournament-duplicate-next-session.${lang}.png`),
          omitBackground: true,
        });
        for (const page of [standings, pairings]) await page.close();
        // The tallest standings (the longest names) with the extra line still fit on air.
        const worst = await shown(
          { ...worstCaseView('cjk'), rounds: betweenView.rounds, nextSession: betweenView.nextSession },
          lang,
        );
        expect(await worst.getByTestId('next-session').textContent()).toBe(next[lang]);
        // The next session's line takes the 16th row's room.
        expect(await worst.locator('[data-entrant]').count()).toBe(15);
        for (const painted of await worst.evaluate(paintedBoxes))
          if (!contains(grown(TITLE_SAFE), painted))
            offences.push(`${lang}: ${painted.what} ${where(painted)}`);
        await worst.close();
      }
      expect(offences).toEqual([]);
    });

    it('TRN-MOVE-6: between two sessions the ticker and the event page name the next, in zh-CN and English', async () => {
      const next = { 'zh-CN': '下一局：第2轮 第2局', en: 'Next: round 2, session 2' } as const;
      const boxOf = async (page: Page, testId: string) => {
        const box = await page.getByTestId(testId).boundingBox();
        if (box === null) throw new Error(`${testId} is not drawn`);
        return box;
      };
      for (const lang of ['zh-CN', 'en'] as const) {
        const ticker = await fed('ticker', betweenView, lang, 'tournament-ticker');
        expect(await ticker.getByTestId('next-session').textContent()).toBe(next[lang]);
        // After the session the other tables play, whole inside the band (not cut at its end).
        const [band, round, label] = [
          await boxOf(ticker, 'tournament-ticker'),
          await boxOf(ticker, 'ticker-round'),
          await boxOf(ticker, 'next-session'),
        ];
        expect(label.x).toBeGreaterThanOrEqual(round.x + round.width - SLACK);
        expect(label.x + label.width).toBeLessThanOrEqual(band.x + band.width + SLACK);
        expect(label.y).toBeGreaterThanOrEqual(band.y - SLACK);
        expect(label.y + label.height).toBeLessThanOrEqual(band.y + band.height + SLACK);
        await ticker.screenshot({
          path: join(artifactsDir, `tournament-duplicate-ticker-next-session.${lang}.png`),
          omitBackground: true,
        });
        const event = await fed('event', betweenView, lang, 'tournament-event', 1280, 900);
        expect(await event.getByTestId('next-session').textContent()).toBe(next[lang]);
        // Its own line under the event's name.
        const name = await event.locator('h1').boundingBox();
        if (name === null) throw new Error('the event page has no name drawn');
        expect((await boxOf(event, 'next-session')).y).toBeGreaterThanOrEqual(name.y + name.height - SLACK);
        for (const page of [ticker, event]) await page.close();
      }
    });

    it('matches its reference pictures in zh-CN and English (TRN-MP-6)', async () => {
      for (const lang of ['zh-CN', 'en'] as const) {
        const page = await shown(workedExampleView, lang);
        const png = await page.screenshot({ omitBackground: true });
        writeFileSync(join(artifactsDir, `tournament-duplicate-standings.${lang}.png`), png);
        const reference = join(referenceDir, `tournament-duplicate-standings.${lang}.png`);
        if (updateReferences || !existsSync(reference)) {
          mkdirSync(referenceDir, { recursive: true });
          writeFileSync(reference, png);
          if (!updateReferences)
            throw new Error(`no reference image ${reference}: wrote one, review and commit it`);
        } else {
          const diff = await diffPngs(page, png, readFileSync(reference));
          expect(
            diff.differing,
            `${String(diff.differing)} pixels differ from ${reference}`,
          ).toBeLessThanOrEqual(TOLERANCE_PIXELS);
        }
        await page.close();
      }
    });
  });
});

const ORDER = [
  ['totalSeconds', '总用时', 'Total time'],
  ['trimmedMeanSeconds', '去极值平均用时', 'Trimmed average time'],
  ['defeatedOpponentsMeanS', '所胜对手平均S', 'Defeated opponents’ mean S'],
  ['placeCounts', '名次数', 'Places'],
] as const;

/** A Dou Dizhu event's view as the feed sends it, its rows given. */
function duplicateView(
  name: string,
  entrants: readonly string[],
  rows: DuplicateStandingView[],
): TournamentFeedView {
  return {
    tournamentId: 'e2e_ddz_fixed',
    name,
    game: 'doudizhu',
    ruleset: 'cga2017',
    format: 'duplicateSwiss',
    stage: 1,
    revision: 1,
    entrants: entrants.map((n, i) => ({
      entrant: `P${String(i + 1)}`,
      number: i + 1,
      name: n,
      unit: null,
      seed: null,
      withdrawn: false,
    })),
    standings: [],
    tiebreakOrder: [],
    rounds: [],
    duplicate: {
      scoring: 'duplicate',
      rule: 'TRN-TB-4',
      rows,
      tiebreakOrder: ORDER.map(([key, zh, en], i) => ({
        step: i + 2,
        rule: 'TRN-TB-4',
        key,
        method: key,
        label: { zh, en },
      })),
    },
  };
}

const tiebreaks = (values: readonly string[]): DuplicateStandingView['tiebreaks'] =>
  ORDER.map(([key], i) => ({ rule: 'TRN-TB-4', key, value: values[i] ?? '' }));

/**
 * The worst the page shows: 18 players (three groups of 3N, N = 2), its 16 rows, every name the
 * longest the entrants sheet allows (120 characters), the longest event name (120), S and times
 * at their widest, every row placed by the longest step's label.
 */
function worstCaseView(script: 'cjk' | 'latin'): TournamentFeedView {
  const long = (seed: string): string => seed.repeat(Math.ceil(120 / seed.length)).slice(0, 120);
  const names = Array.from({ length: 18 }, (_, i) =>
    long(script === 'cjk' ? `龘江苏省${String(i)}` : `MWMW${String(i)}`),
  );
  const rows = names.map((_, i): DuplicateStandingView => ({
    rank: i + 1,
    entrant: `P${String(i + 1)}`,
    S: '1800000.00',
    boards: 180,
    tiebreaks: tiebreaks(['99999999', '99999.333333333333333333', '1234567.8900000000000', '180/180/180']),
    decidedBy: i % 2 === 0 ? 3 : 2,
  }));
  return duplicateView(long(script === 'cjk' ? '斗地主全国公开赛' : 'Dou Dizhu Open '), names, rows);
}

/**
 * TRN-MP-6 (002 附录二 三): P1 S 30000; P2 and P3 on 21000, P2 placed by total time (220 s, 234 s).
 */
const workedExampleView = duplicateView(
  '斗地主公开赛',
  ['张伟', '王芳', '李娜'],
  [
    {
      rank: 1,
      entrant: 'P1',
      S: '30000.00',
      boards: 3,
      decidedBy: 0,
      tiebreaks: tiebreaks(['180', '60', '14000', '3']),
    },
    {
      rank: 2,
      entrant: 'P2',
      S: '21000.00',
      boards: 3,
      decidedBy: 1,
      tiebreaks: tiebreaks(['220', '72', '0', '0/3']),
    },
    {
      rank: 3,
      entrant: 'P3',
      S: '21000.00',
      boards: 3,
      decidedBy: 1,
      tiebreaks: tiebreaks(['234', '78', '0', '0/3']),
    },
  ],
);

/** A Dou Dizhu stream round of an event of 2 sessions a round (TRN-MOVE-6), one table seated. */
const sessionRound = (stream: number, round: number, session: number): TournamentRoundView => ({
  round: stream,
  stage: 1,
  format: 'duplicateSwiss',
  published: true,
  pairings: [],
  bye: null,
  byes: [],
  tables: [
    {
      match: `r${String(round)}.s${String(session)}.t1`,
      table: 1,
      group: 1,
      seats: ['P1', 'P2', 'P3'],
      matchId: `e2e_ddz_fixed.r${String(round)}.s${String(session)}.t1`,
      boards: null,
      live: null,
    },
  ],
  session: { round, session, sessions: 2 },
});

/** The worked example's event, now in round 2's first session (stream round 3). */
const sessionsView: TournamentFeedView = {
  ...workedExampleView,
  rounds: [sessionRound(1, 1, 1), sessionRound(2, 1, 2), sessionRound(3, 2, 1)],
};

/** Round 2's first session played, its second not paired yet: the feed names it next (TRN-MOVE-6). */
const betweenView: TournamentFeedView = {
  ...sessionsView,
  nextSession: { round: 2, session: 2, sessions: 2 },
};

/** Sub-pixel text metrics may round either way. */
const SLACK = 0.5;
const grown = (r: Region): Region => ({
  x: r.x - SLACK,
  y: r.y - SLACK,
  width: r.width + 2 * SLACK,
  height: r.height + 2 * SLACK,
});
const where = (r: Region): string =>
  `[${String(Math.round(r.x))},${String(Math.round(r.y))} ${String(Math.round(r.width))}x${String(Math.round(r.height))}]`;

/**
 * Every box the standings panel paints (a background, a border) and every line of its text, in
 * page pixels, each clipped by the ancestors that hide their overflow (a cut name), as the on-air
 * geometry spec measures its pages.
 */
function paintedBoxes(): (Region & { what: string })[] {
  const root = document.querySelector('[data-testid="tournament-standings"]');
  if (root === null) throw new Error('no standings panel');
  interface Rect {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  // A DOMRect's fields are getters on its prototype: copy them, or a spread loses them.
  const toRect = (r: DOMRect): Rect => ({ x: r.x, y: r.y, width: r.width, height: r.height });
  const clip = (a: Rect, b: Rect): Rect | null => {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const right = Math.min(a.x + a.width, b.x + b.width);
    const bottom = Math.min(a.y + a.height, b.y + b.height);
    return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
  };
  const visiblePart = (el: Element, rect: Rect): Rect | null => {
    let part: Rect | null = rect;
    for (let a: Element | null = el; a !== null && part !== null; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
        part = clip(part, toRect(a.getBoundingClientRect()));
      if (a === root) break;
    }
    return part;
  };
  const seen = (colour: string): boolean => !/rgba\(.*,\s*0\)$/.test(colour) && colour !== 'transparent';
  const boxes: (Rect & { what: string })[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') continue;
    const painted =
      seen(s.backgroundColor) ||
      ['top', 'right', 'bottom', 'left'].some(
        (side) =>
          parseFloat(s.getPropertyValue(`border-${side}-width`)) > 0 &&
          seen(s.getPropertyValue(`border-${side}-color`)),
      );
    if (painted) {
      const part = visiblePart(el, toRect(el.getBoundingClientRect()));
      if (part !== null) boxes.push({ ...part, what: el.tagName.toLowerCase() });
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || (node.textContent ?? '').trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const part = visiblePart(el, toRect(r));
        if (part !== null)
          boxes.push({
            ...part,
            what: `${el.tagName.toLowerCase()} "${(node.textContent ?? '').slice(0, 12)}"`,
          });
      }
    }
  }
  return boxes.map(({ what, x, y, width, height }) => ({ what, x, y, width, height }));
}
