/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { artifactsDir } from './support/repo';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * Appeals keyed at the table (GD-APL-1, docs/arbitration.md §1): the operator (or the referee)
 * opens the appeal form from the console with F or its button, keys the captain's signed paper
 * and files it; the server's refusals show the field they name; while the form is open no key
 * plays on the table; Esc closes it. At 1280x720, the smallest screen the console fits.
 */
const OPERATOR = 'e2e-console-appeal-operator';
const REFEREE = 'e2e-console-appeal-referee1';
const MATCH = 'e2e_console_appeal';

interface AppealRecordBody {
  readonly appealId: string;
  readonly answerDue: string;
  readonly filedBy: { readonly role: string };
  readonly filed: {
    readonly matchId: string;
    readonly handNumber: number;
    readonly disputed: readonly { readonly stream: string; readonly revision: number }[];
    readonly statement: string;
    readonly language: string;
    readonly appellant: { readonly team: string; readonly captain: string };
    readonly fee: { readonly amount: number; readonly currency: string };
  };
}

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

describe('operator console: filing an appeal for a captain', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
  });
  const stateRevision = async (): Promise<number> =>
    ((await apiCall(url(), REFEREE, 'GET', `/api/matches/${MATCH}/state`)) as { revision: number }).revision;
  const appeal = async (appealId: string): Promise<AppealRecordBody> =>
    (await apiCall(url(), REFEREE, 'GET', `/api/appeals/${appealId}`)) as AppealRecordBody;
  const revisionOf = async (page: Page): Promise<number> =>
    Number(await page.getByTestId('console').getAttribute('data-revision'));
  const openConsole = async (token: string, lang: 'zh-CN' | 'en'): Promise<Page> => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 720 } });
    const query = lang === 'en' ? '&lang=en' : '';
    await page.goto(`${url()}/overlays/console/?match=${MATCH}${query}#token=${token}`);
    const revision = await stateRevision();
    await expect.poll(() => revisionOf(page), { timeout: 15_000 }).toBe(revision);
    return page;
  };
  const filedId = async (page: Page): Promise<string> => {
    const notice = page.getByTestId('appeal-filed');
    await notice.waitFor({ timeout: 15_000 });
    return (await notice.getAttribute('data-appeal-id')) ?? '';
  };

  beforeAll(async () => {
    mkdirSync(artifactsDir, { recursive: true });
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'console-appeal',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // Into the first deal, a few tricks played, with a seat about to lead: 1 then Enter plays.
    const reached = await match.playUntil(
      (state, revision) =>
        revision > 20 && state.hand?.phase === 'play' && (state.hand.trick?.last ?? null) === null,
    );
    expect(reached.state.hand?.number).toBe(1);
  });

  it('defaults, a refusal naming the statement, then a filing the committee reads back', async () => {
    const page = await openConsole(OPERATOR, 'zh-CN');
    const revision = await revisionOf(page);
    await page.keyboard.press('f');
    const form = page.getByTestId('appeal-form');
    await form.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('appeal-hand').inputValue()).toBe('1');
    // Nothing keyed from this console yet: the match's last revision.
    expect(await page.getByTestId('appeal-positions').inputValue()).toBe(String(revision));
    expect(await page.getByTestId('appeal-language').inputValue()).toBe('zh-CN');
    const teams = await page.getByTestId('appeal-team').locator('option').allTextContents();
    // The pairs and players by the names MatchCreated gave, not by their ids.
    expect(teams).toEqual(['请选择', '南北 · 江苏队（张伟 · 王芳）', '东西 · 安徽队（李娜 · 刘洋）']);

    // The whole form is on the 1280x720 screen, zoomed with the console.
    const box = await page
      .locator('[role="dialog"]')
      .evaluate((element) => element.getBoundingClientRect().toJSON() as Rect);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(720);
    expect(box.right).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: join(artifactsDir, 'console-appeal.form.1280x720.png') });

    await page.getByTestId('appeal-team').selectOption('EW');
    await page.getByTestId('appeal-captain').fill('李娜');
    await page.getByTestId('appeal-positions').fill(`#${String(revision - 1)}, ${String(revision)}`);
    await page.getByTestId('appeal-fee').fill('500');
    await page.getByTestId('appeal-submit').click();
    const field = page.getByTestId('appeal-error-field');
    await field.waitFor({ timeout: 15_000 });
    expect(await field.getAttribute('data-path')).toBe('statement');
    await page.screenshot({ path: join(artifactsDir, 'console-appeal.refused.1280x720.png') });
    // Refused, the form stays open with what was typed.
    expect(await page.getByTestId('appeal-captain').inputValue()).toBe('李娜');
    expect(await page.getByTestId('appeal-team').inputValue()).toBe('EW');

    const statement = '东家第 12 轮出牌时未报剩余张数，请求仲裁。';
    await page.getByTestId('appeal-statement').fill(statement);
    await page.getByTestId('appeal-submit').click();
    const appealId = await filedId(page);
    expect(await form.count()).toBe(0);
    expect(await page.getByTestId('appeal-filed').textContent()).toContain(`申诉已登记：${appealId}`);

    const record = await appeal(appealId);
    expect(record.filedBy.role).toBe('operator');
    expect(record.filed).toMatchObject({
      matchId: MATCH,
      handNumber: 1,
      statement,
      language: 'zh-CN',
      appellant: { team: 'EW', captain: '李娜' },
      fee: { amount: 500, currency: 'CNY' },
    });
    expect(record.filed.disputed.map((d) => [d.stream, d.revision])).toEqual([
      [`match-${MATCH}`, revision - 1],
      [`match-${MATCH}`, revision],
    ]);
    expect(await stateRevision()).toBe(revision);
    await page.close();
  });

  it('while the form is open no key acts on the table; Esc closes it and the keys work again', async () => {
    const page = await openConsole(OPERATOR, 'zh-CN');
    const before = await revisionOf(page);
    await page.getByTestId('appeal-open').click();
    await page.getByTestId('appeal-form').waitFor({ timeout: 15_000 });

    // Typed into the statement, and pressed with the focus on no field (the dialog itself):
    // each of these would pick, play, pass, deal or ask an undo on the table.
    await page.getByTestId('appeal-statement').pressSequentially('1 p d u\n2 y n [ ]');
    await page.locator('#appeal-title').click();
    for (const key of ['1', 'Enter', 'p', ' ', 'd', 'u', 'y']) await page.keyboard.press(key);
    expect(await page.getByTestId('appeal-statement').inputValue()).toBe('1 p d u\n2 y n [ ]');
    expect(await page.getByTestId('appeal-form').count()).toBe(1);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('appeal-form').count(), { timeout: 15_000 }).toBe(0);
    // Back on the table, 1 then Enter plays: exactly one entry, so none was made while the form was open.
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('accepted').textContent({ timeout: 15_000 })).resolves.toContain(
      String(before + 1),
    );
    expect(await stateRevision()).toBe(before + 1);

    // Reopened, the typed statement is still there (Esc keeps the draft; filing clears it).
    await page.keyboard.press('f');
    expect(await page.getByTestId('appeal-statement').inputValue()).toBe('1 p d u\n2 y n [ ]');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('in English, with the referee token: a missing team is named, then the appeal is filed', async () => {
    const page = await openConsole(REFEREE, 'en');
    const revision = await revisionOf(page);
    await page.getByTestId('appeal-open').click();
    await page.getByTestId('appeal-form').waitFor({ timeout: 15_000 });
    expect(await page.locator('#appeal-title').textContent()).toBe('File an appeal (GD-APL-1)');
    expect(await page.getByTestId('appeal-language').inputValue()).toBe('en');
    expect(await page.getByTestId('appeal-team').locator('option[value=NS]').textContent()).toBe(
      'N–S · 江苏队 (张伟 · 王芳)',
    );
    await page.getByTestId('appeal-captain').fill('Zhang Wei');
    await page.getByTestId('appeal-statement').fill('East misreported the cards left in hand.');
    await page.getByTestId('appeal-submit').click();
    const field = page.getByTestId('appeal-error-field');
    await field.waitFor({ timeout: 15_000 });
    expect(await field.getAttribute('data-path')).toBe('appellant.team');
    expect(await page.getByTestId('appeal-error').textContent()).toContain('Malformed request');

    await page.getByTestId('appeal-team').selectOption('NS');
    await page.getByTestId('appeal-submit').click();
    const appealId = await filedId(page);
    expect(await page.getByTestId('appeal-filed').textContent()).toContain(
      `Appeal filed: ${appealId}, answer due`,
    );
    await page.screenshot({ path: join(artifactsDir, 'console-appeal.filed.en.png') });

    const record = await appeal(appealId);
    expect(record.filedBy.role).toBe('referee');
    expect(record.filed).toMatchObject({
      language: 'en',
      statement: 'East misreported the cards left in hand.',
      appellant: { team: 'NS', captain: 'Zhang Wei' },
      fee: { amount: 0, currency: 'CNY' },
    });
    expect(record.filed.disputed.map((d) => d.revision)).toEqual([revision]);
    expect(Date.parse(record.answerDue)).toBeGreaterThan(Date.now());
    await page.close();
  });
});
