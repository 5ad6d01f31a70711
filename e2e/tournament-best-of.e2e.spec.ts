/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import { TITLE_SAFE, contains } from '@tablecast/obs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEGIBILITY_FLOOR_PX } from '../overlays/src/lib/on-air/legibility';
import { apiCall } from './support/api-call';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * A best-of-3 knockout (TRN-KO-5 (b)) on the built server, in headless Chromium: four pairs, each
 * round-1 tie played game by game at its table (each game one deal, decided by the referee's foul
 * ruling GD-PEN-4 through the match API, the server creating the next game itself). The bracket
 * overlay shows each tie's score in games while it is played and once decided (table 1 2:1, table
 * 2 2:0), the winners going through to the final, in zh-CN and English, inside title-safe and at
 * the legibility floor; the 附录二 score sheet (CSV) and the printable sheets list every game.
 */
const REFEREE = 'e2e-bo-referee-token-000001';
const ARBITER = 'e2e-bo-arbiter-token-000001';
const EVENT = 'e2e_bo';

type Side = 'NS' | 'EW';

describe('a best-of-3 knockout on the bracket (TRN-KO-5 (b))', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `referee=${REFEREE},arbiter=${ARBITER}`,
  });
  const api = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), token, method, `/api${path}`, body);

  /** Waits until the server has created the game `matchId` at its table, then returns its revision. */
  const revisionOf = async (matchId: string): Promise<number> => {
    let revision = -1;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${url()}/api/matches/${matchId}/state`, {
            headers: { authorization: `Bearer ${REFEREE}` },
          });
          if (response.status !== 200) return response.status;
          revision = ((await response.json()) as { revision: number }).revision;
          return 200;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    return revision;
  };

  /** One game of one deal, lost by `loser`'s foul (GD-PEN-4): the referee deals, then rules. */
  const refereeGame = async (matchId: string, loser: Side): Promise<void> => {
    const commands = [
      { type: 'DealCards', seed: `${matchId}/deal-1` },
      { type: 'IssuePenalty', seat: loser === 'NS' ? 'S' : 'E', sanction: 'foul', rule: 'GD-PEN-4' },
    ];
    for (const [i, command] of commands.entries())
      await api(REFEREE, 'POST', `/matches/${matchId}/commands`, {
        revision: await revisionOf(matchId),
        idempotencyKey: `${matchId}.ref.${String(i)}`,
        command,
      });
  };

  const open = async (query: string): Promise<Page> => {
    const tab = await browser().newPage({ viewport: { width: 1920, height: 1080 } });
    await tab.goto(`${url()}/overlays/bracket/?${query}`);
    await tab.getByTestId('tournament-bracket').waitFor({ timeout: 15_000 });
    return tab;
  };
  const tie = (page: Page, match: string) => page.locator(`[data-round="1"] [data-match="${match}"]`);
  const score = (page: Page, match: string) =>
    tie(page, match).getByTestId('best-of').getAttribute('data-score', { timeout: 15_000 });
  /** The names on a tie's sides, the winner's marked with a `*`. */
  const sides = (page: Page, selector: string): Promise<string[]> =>
    page
      .locator(`${selector} .side`)
      .evaluateAll((all) =>
        all.map(
          (s) =>
            `${s.querySelector('.fit-name')?.textContent ?? ''}${s.classList.contains('won') ? '*' : ''}`,
        ),
      );

  it('each tie shows its games score while played and once decided, the winners go through; the sheets list every game', async () => {
    await api(ARBITER, 'POST', '/tournaments', {
      tournamentId: EVENT,
      name: '掼蛋三局两胜淘汰赛',
      ruleset: 'cga2017',
      stages: [
        { format: 'singleKnockout', venue: 'onSite', rounds: 2, unit: { games: 3, bestOf: true, deals: 1 } },
      ],
    });
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/entrants`, {
      csv: [
        'entrant,name,unit,seed',
        'P1,江苏一队,江苏,1',
        'P2,浙江一队,浙江,2',
        'P3,安徽一队,安徽,3',
        'P4,山东一队,山东,4',
      ].join('\n'),
    });
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/rounds`, {});
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/rounds/1/publish`);
    const { tables } = (await api(REFEREE, 'POST', `/tournaments/${EVENT}/rounds/1/start`)) as {
      tables: { match: string; matchId: string }[];
    };
    // Each tie starts at its game 1; seed 1 against seed 4 at table 1, the first pair sitting NS.
    expect(tables.map((t) => t.matchId)).toEqual([`${EVENT}.r1.t1.g1`, `${EVENT}.r1.t2.g1`]);
    const [top, bottom] = tables.map((t) => t.match);
    if (top === undefined || bottom === undefined) throw new Error('two ties');

    const zh = await open(`tournament=${EVENT}`);
    const en = await open(`tournament=${EVENT}&lang=en`);
    expect(await zh.locator('h2').textContent()).toBe('掼蛋三局两胜淘汰赛 · 淘汰赛对阵图');
    expect(await tie(zh, top).getByTestId('best-of').textContent()).toMatch(/^\s*3局2胜\s*0:0\s*第1局\s*$/);
    expect(await tie(en, top).getByTestId('best-of').textContent()).toMatch(
      /^\s*Best of 3\s*0:0\s*game 1\s*$/,
    );

    // Table 1: 江苏一队 (NS) wins game 1; the bracket shows 1:0 and game 2 in play, which the server set.
    await refereeGame(`${EVENT}.r1.t1.g1`, 'EW');
    await expect.poll(() => score(zh, top), { timeout: 15_000 }).toBe('1:0');
    await expect
      .poll(() => tie(zh, top).getByTestId('best-of-playing').textContent(), { timeout: 15_000 })
      .toBe('第2局');
    await expect.poll(() => tie(en, top).getByTestId('best-of-playing').textContent()).toBe('game 2');
    await refereeGame(`${EVENT}.r1.t1.g2`, 'NS');
    await expect.poll(() => score(zh, top), { timeout: 15_000 }).toBe('1:1');
    await refereeGame(`${EVENT}.r1.t1.g3`, 'EW');
    // Table 2: 浙江一队 wins the first two games; no game 3 is played.
    await refereeGame(`${EVENT}.r1.t2.g1`, 'EW');
    await expect.poll(() => score(zh, bottom), { timeout: 15_000 }).toBe('1:0');
    await refereeGame(`${EVENT}.r1.t2.g2`, 'EW');

    // The round is decided: no game in play, each tie's games score, the winner marked, in both languages.
    for (const [page, format] of [
      [zh, '3局2胜'],
      [en, 'Best of 3'],
    ] as const) {
      await expect.poll(() => score(page, top), { timeout: 15_000 }).toBe('2:1');
      await expect.poll(() => score(page, bottom), { timeout: 15_000 }).toBe('2:0');
      await expect
        .poll(() => sides(page, `[data-round="1"] [data-match="${top}"]`))
        .toEqual(['江苏一队*', '山东一队']);
      expect(await sides(page, `[data-round="1"] [data-match="${bottom}"]`)).toEqual([
        '浙江一队*',
        '安徽一队',
      ]);
      expect(await tie(page, top).getByTestId('best-of').textContent()).toMatch(
        new RegExp(`^\\s*${format}\\s*2:1\\s*$`),
      );
      expect(await tie(page, top).getByTestId('best-of-playing').count()).toBe(0);
    }

    // The final pairs the winners in bracket order: they go through to round 2 on the bracket.
    await api(ARBITER, 'POST', `/tournaments/${EVENT}/rounds`, {});
    for (const [page, heading] of [
      [zh, '第2轮'],
      [en, 'Round 2'],
    ] as const) {
      await expect
        .poll(() => sides(page, '[data-round="2"] [data-match]'), { timeout: 15_000 })
        .toEqual(['江苏一队', '浙江一队']);
      expect(await page.locator('[data-round="2"] h3').textContent()).toBe(heading);
      // On air: the panel inside title-safe, every word of a tie at least the smallest text on air.
      const box = await page.getByTestId('tournament-bracket').boundingBox();
      expect(box !== null && contains(TITLE_SAFE, box), JSON.stringify(box)).toBe(true);
      const sizes = await page
        .locator('[data-round="1"] [data-match] :is(.fit-name, .format, .games-score)')
        .evaluateAll((all) => all.map((e) => `${e.textContent}=${getComputedStyle(e).fontSize}`));
      expect(sizes).toHaveLength(8);
      for (const size of sizes)
        expect(parseFloat(size.split('=').at(-1) ?? ''), size).toBeGreaterThanOrEqual(
          LEGIBILITY_FLOOR_PX.cardBadge,
        );
    }

    // The 附录二 score sheet: the tie's row (2 match points to the winner), then a row per game with its levels.
    const csv = await fetch(`${url()}/api/tournaments/${EVENT}/score-sheet.csv`, {
      headers: { authorization: `Bearer ${ARBITER}` },
    });
    expect(csv.status).toBe(200);
    const rows = (await csv.text())
      .split('\r\n')
      .filter((line) => line.startsWith(`1,1,${top},`))
      .map((line) => line.split(',').slice(3));
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[6], ...r.slice(9)])).toEqual([
      ['P1', 'P4', '2', '0', 'played', '', '', ''],
      ['P1', 'P4', '2', '0', 'game', '1', '5', '2'],
      ['P1', 'P4', '0', '2', 'game', '2', '2', '5'],
      ['P1', 'P4', '2', '0', 'game', '3', '5', '2'],
    ]);

    // The printable sheets, as the arbiter prints them: a form per game, then the round's result.
    const sheets = await browser().newPage({ extraHTTPHeaders: { authorization: `Bearer ${ARBITER}` } });
    await sheets.goto(`${url()}/api/tournaments/${EVENT}/rounds/1/score-sheets.html`);
    const headings = await sheets.locator('h2').allTextContents();
    expect(headings.filter((h) => h.startsWith('第 1 轮 第 1 台记分表'))).toEqual([
      `第 1 轮 第 1 台记分表 第1局 (${EVENT}.r1.t1.g1)`,
      `第 1 轮 第 1 台记分表 第2局 (${EVENT}.r1.t1.g2)`,
      `第 1 轮 第 1 台记分表 第3局 (${EVENT}.r1.t1.g3)`,
      `第 1 轮 第 1 台记分表 本轮成绩（3局）(${top})`,
    ]);
    // The round's result: games won, by pair, 东西方 (the second pair) first as on the form.
    const result = sheets.locator('section').filter({ hasText: '本轮成绩' }).first();
    expect(
      await result
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).slice(1, 4)),
        ),
    ).toEqual([
      ['山东一队', '山东', '1'],
      ['江苏一队', '江苏', '2'],
    ]);
    for (const page of [zh, en, sheets]) await page.close();
  });
});
