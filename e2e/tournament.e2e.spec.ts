import { TITLE_SAFE, contains } from '@tablecast/obs';
import type { Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { diffPngs } from './support/overlay-screenshots';
import { artifactsDir, repoRoot } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The tournament's pages in headless Chromium against the built server and its tournament feed
 * (/ws/tournament): a small Swiss event (four pairs, table 1 playing a real match through the
 * API) and a four-pair knockout not drawn yet (the server pairs Swiss rounds only). The standings overlay moves when a forfeit is recorded; the
 * pairings, the other-tables ticker (with table 1's live score from its venue feed), the bracket
 * and the spectator site's event page (its table linked to /watch) draw in zh-CN and English. A
 * six-pair knockout paired for round 1 shows its two byes on the bracket (TRN-KO-1).
 */
const OPERATOR = 'e2e-trn-operator-token-0001';
const REFEREE = 'e2e-trn-referee-token-00001';
const ARBITER = 'e2e-trn-arbiter-token-00001';
const EVENT = 'e2e_trn';
const KNOCKOUT = 'e2e_trn_ko';
const TABLE_MATCH = 'e2e_trn.r1.t1';
const referenceDir = join(repoRoot, 'e2e/overlays-reference');
const updateReferences = process.env.OVERLAY_REFERENCES === 'update';
const TOLERANCE_PIXELS = 150;

describe('tournament pages over the tournament feed', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
  });
  const arbiter = (method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), ARBITER, method, `/api/tournaments${path}`, body);
  const entrants = [
    'entrant,name,unit,seed',
    'P1,江苏一队,江苏,1',
    'P2,浙江一队,浙江,2',
    'P3,安徽一队,安徽,3',
    'P4,山东一队,山东,4',
  ].join('\n');

  beforeAll(async () => {
    for (const [id, name, format, rounds] of [
      [EVENT, '掼蛋公开赛', 'swiss', 3],
      [KNOCKOUT, '掼蛋淘汰赛', 'singleKnockout', 2],
    ] as const) {
      await arbiter('POST', '', {
        tournamentId: id,
        name,
        ruleset: 'cga2017',
        stages: [{ format, venue: 'onSite', rounds, unit: { games: 1, bestOf: false } }],
      });
      await arbiter('POST', `/${id}/entrants`, { csv: entrants });
    }
    await arbiter('POST', `/${EVENT}/rounds`, {});
    await arbiter('POST', `/${EVENT}/rounds/1/publish`);
    await arbiter('POST', `/${EVENT}/rounds/1/assignments`, {
      match: 'r1.t1',
      table: 1,
      matchId: TABLE_MATCH,
    });
    await arbiter('POST', `/${EVENT}/rounds/1/assignments`, {
      match: 'r1.t2',
      table: 2,
      matchId: 'e2e_trn.r1.t2',
    });
    const match = await createSimulatedMatch({
      url: url(),
      matchId: TABLE_MATCH,
      seed: 'trn-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    await match.playUntil((state) => state.handsPlayed >= 1 && state.status === 'inHand');
  });

  const open = async (page: string, query: string, width = 1920, height = 1080): Promise<Page> => {
    const tab = await browser().newPage({ viewport: { width, height } });
    await tab.goto(`${url()}/overlays/${page}/?${query}`);
    return tab;
  };
  const settled = async (page: Page): Promise<void> => {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished)).then(() => undefined),
    );
  };
  const rowEntrants = (page: Page): Promise<(string | null)[]> =>
    page.locator('[data-entrant]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entrant')));
  const shot = async (page: Page, name: string, compare: boolean): Promise<void> => {
    await settled(page);
    const png = await page.screenshot({ omitBackground: true, fullPage: true });
    writeFileSync(join(artifactsDir, `tournament-${name}.png`), png);
    if (!compare) return;
    const reference = join(referenceDir, `tournament-${name}.png`);
    if (updateReferences || !existsSync(reference)) {
      mkdirSync(referenceDir, { recursive: true });
      writeFileSync(reference, png);
      if (!updateReferences)
        throw new Error(`no reference image ${reference}: wrote one, review and commit it`);
      return;
    }
    const diff = await diffPngs(page, png, readFileSync(reference));
    expect(diff.differing, `${String(diff.differing)} pixels differ from ${reference}`).toBeLessThanOrEqual(
      TOLERANCE_PIXELS,
    );
  };

  /** On air, a panel stands inside the title-safe area (the middle 90 % of the frame). */
  const expectTitleSafe = async (page: Page, testId: string): Promise<void> => {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box, `the ${testId} panel has a box`).not.toBeNull();
    if (box !== null) expect(contains(TITLE_SAFE, box), `${testId} ${JSON.stringify(box)}`).toBe(true);
  };

  it('standings (zh-CN) move when a result lands; pairings, ticker, bracket and event page draw the event', async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const standings = await open('standings', `tournament=${EVENT}`);
    const table = standings.getByTestId('tournament-standings');
    await table.waitFor({ timeout: 15_000 });
    // On air, the panel stands inside the title-safe area (the middle 90 % of the frame).
    const panel = await table.boundingBox();
    expect(panel, 'the standings panel has a box').not.toBeNull();
    if (panel !== null) expect(contains(TITLE_SAFE, panel), JSON.stringify(panel)).toBe(true);
    expect(await table.locator('h2').textContent()).toBe('掼蛋公开赛 · 名次表');
    await expect.poll(() => rowEntrants(standings)).toHaveLength(4);
    // The tie-break order under the table, each step by its rule.
    expect(await standings.getByTestId('tiebreak-order').textContent()).toMatch(/^同分排序:.*\(TRN-/);
    await shot(standings, 'standings.before.zh-CN', false);

    const pairings = await open('pairings', `tournament=${EVENT}`);
    await pairings.getByTestId('tournament-pairings').waitFor({ timeout: 15_000 });
    expect(await pairings.locator('h2').textContent()).toBe('掼蛋公开赛 · 第1轮对阵');
    expect(await pairings.locator('[data-match="r1.t1"]').textContent()).toMatch(
      /1号桌\s*江苏一队\s*对\s*山东一队/,
    );
    await expectTitleSafe(pairings, 'tournament-pairings');
    await shot(pairings, 'pairings.zh-CN', true);

    // The ticker: table 1's live score from its venue feed (its levels, as the venue view shows them).
    const ticker = await open('ticker', `tournament=${EVENT}`);
    await ticker.getByTestId('tournament-ticker').waitFor({ timeout: 15_000 });
    const live = ticker.locator('[data-match="r1.t1"]').getByTestId('live-score');
    await expect
      .poll(() => live.textContent(), { timeout: 15_000 })
      .toMatch(/^(2|3|4|5|6|7|8|9|10|J|Q|K|A):(\d+|J|Q|K|A)$/);
    expect(await ticker.locator('[data-match="r1.t1"]').textContent()).toContain('已打1副');
    // Who sits where: the round seats the pairing's first pair NS, and the live score says so by name.
    expect(
      await ticker
        .locator('[data-match="r1.t1"]')
        .getByTestId('ticker-entrant')
        .evaluateAll((all) => all.map((e) => `${e.textContent}=${e.getAttribute('data-side') ?? ''}`)),
    ).toEqual(['江苏一队南北=NS', '山东一队东西=EW']);
    await shot(ticker, 'ticker.zh-CN', false);

    const bracket = await open('bracket', `tournament=${KNOCKOUT}`);
    await bracket.getByTestId('tournament-bracket').waitFor({ timeout: 15_000 });
    expect(await bracket.locator('h2').textContent()).toBe('掼蛋淘汰赛 · 淘汰赛对阵图');
    // The knockout event is not paired in this run: its bracket says it is not drawn yet.
    expect(await bracket.getByTestId('bracket-empty').textContent()).toBe('尚未编排');
    await expectTitleSafe(bracket, 'tournament-bracket');
    await shot(bracket, 'bracket.zh-CN', true);

    const event = await open('event', `tournament=${EVENT}`, 1280, 900);
    await event.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    const watchLink = event.locator('[data-match="r1.t1"] a');
    expect(await watchLink.getAttribute('href')).toBe(`/watch/${TABLE_MATCH}`);
    expect((await fetch(`${url()}/watch/${TABLE_MATCH}`)).status).toBe(200);
    await shot(event, 'event.before.zh-CN', false);

    // P3 forfeits table 2 (TRN-SCORE-4): P2 goes top alone, on every page watching the event.
    const before = await rowEntrants(standings);
    await arbiter('POST', `/${EVENT}/forfeits`, { round: 1, match: 'r1.t2', forfeitedBy: 'P3' });
    await expect.poll(() => rowEntrants(standings), { timeout: 15_000 }).not.toEqual(before);
    expect((await rowEntrants(standings))[0]).toBe('P2');
    expect(await standings.locator('[data-rank="1"]').count()).toBe(1);
    expect(await standings.locator('[data-entrant="P2"] .mp').textContent()).not.toBe('0');
    await expect
      .poll(() => event.locator('[data-match="r1.t2"] .result').textContent(), { timeout: 15_000 })
      .toContain('(弃权)');
    expect(await event.locator('[data-entrant]').first().getAttribute('data-entrant')).toBe('P2');
    await shot(standings, 'standings.zh-CN', true);
    await shot(event, 'event.zh-CN', false);
    // The landing page lists both events (public GET /api/events); a click opens the event page.
    const landing = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await landing.goto(`${url()}/`);
    const listed = landing.getByTestId('event-list');
    await listed.waitFor({ timeout: 15_000 });
    expect(await listed.locator('h2').textContent()).toBe('赛事');
    expect(
      await listed.locator('a[data-event]').evaluateAll((links) => links.map((a) => a.textContent)),
    ).toEqual(expect.arrayContaining(['掼蛋公开赛', '掼蛋淘汰赛']));
    await listed.locator(`a[data-event="${EVENT}"]`).click();
    await landing.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    expect(new URL(landing.url()).search).toBe(`?tournament=${EVENT}`);
    for (const page of [standings, pairings, ticker, bracket, event, landing]) await page.close();
  });

  it('speaks English with lang=en', async () => {
    const standings = await open('standings', `tournament=${EVENT}&lang=en`);
    await standings.getByTestId('tournament-standings').waitFor({ timeout: 15_000 });
    expect(await standings.locator('h2').textContent()).toBe('掼蛋公开赛 · Standings');
    expect(await standings.getByTestId('tiebreak-order').textContent()).toMatch(/^Tie-break order:.*\(TRN-/);
    await shot(standings, 'standings.en', true);
    const pairings = await open('pairings', `tournament=${EVENT}&lang=en`);
    await pairings.getByTestId('tournament-pairings').waitFor({ timeout: 15_000 });
    expect(await pairings.locator('[data-match="r1.t1"]').textContent()).toMatch(
      /Table 1\s*江苏一队\s*vs\s*山东一队/,
    );
    const ticker = await open('ticker', `tournament=${EVENT}&lang=en`);
    await ticker.getByTestId('tournament-ticker').waitFor({ timeout: 15_000 });
    expect(await ticker.locator('.label').textContent()).toBe('Other tables');
    const bracket = await open('bracket', `tournament=${KNOCKOUT}&lang=en`);
    await bracket.getByTestId('tournament-bracket').waitFor({ timeout: 15_000 });
    expect(await bracket.getByTestId('bracket-empty').textContent()).toBe('Not paired yet');
    const event = await open('event', `tournament=${EVENT}&lang=en`, 1280, 900);
    await event.getByTestId('tournament-event').waitFor({ timeout: 15_000 });
    expect(await event.locator('[data-match="r1.t1"] a').textContent()).toBe('Watch');
    expect(await event.locator('[data-match="r1.t1"] a').getAttribute('href')).toBe(
      `/watch/${TABLE_MATCH}?lang=en`,
    );
    await shot(event, 'event.en', false);
    // No event named: the page says how to name one; an unknown one: the server's refusal.
    const bare = await open('standings', 'tournament=nobody&lang=en');
    await expect
      .poll(() => bare.getByTestId('tournament-notice').textContent(), { timeout: 15_000 })
      .toBe('tournamentId "nobody": no such tournament');
    for (const page of [standings, pairings, ticker, bracket, event, bare]) await page.close();
  });

  it('TRN-KO-1: a 6-pair knockout shows its round-1 byes on the bracket, in zh-CN and English', async () => {
    const BYES = 'e2e_trn_byes';
    await arbiter('POST', '', {
      tournamentId: BYES,
      name: '掼蛋六队淘汰赛',
      ruleset: 'cga2017',
      stages: [{ format: 'singleKnockout', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
    });
    await arbiter('POST', `/${BYES}/entrants`, {
      csv: `${entrants}\nP5,安徽二队,安徽,5\nP6,山东二队,山东,6`,
    });
    await arbiter('POST', `/${BYES}/rounds`, {});
    const byes = async (page: Page): Promise<string[]> =>
      page.locator('[data-bye]').evaluateAll((rows) => rows.map((r) => r.textContent.trim()));
    const zh = await open('bracket', `tournament=${BYES}`);
    await zh.getByTestId('tournament-bracket').waitFor({ timeout: 15_000 });
    await expect.poll(() => byes(zh), { timeout: 15_000 }).toEqual(['江苏一队 · 轮空', '浙江一队 · 轮空']);
    expect(await zh.locator('[data-match]').count()).toBe(2);
    const en = await open('bracket', `tournament=${BYES}&lang=en`);
    await en.getByTestId('tournament-bracket').waitFor({ timeout: 15_000 });
    await expect.poll(() => byes(en), { timeout: 15_000 }).toEqual(['江苏一队 · Bye', '浙江一队 · Bye']);
    for (const page of [zh, en]) await page.close();
  });
});
