import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import {
  openReplay,
  positionOf,
  replayApi,
  saveReplayShot as shot,
  warnEastInFirstDeal,
} from './support/replay-page';
import { useServerAndBrowser } from './support/server-and-browser';
import { createSimulatedMatch } from './support/simulated-match';

/**
 * The arbiter keys the committee's signed vote sheet on the replay page (GD-APL-2), in
 * headless Chromium against the built server: a referee's warning (GD-PEN-2) is appealed; a
 * two-member committee is refused with GD-APL-2 and the sheet stays as typed; three members
 * uphold it and rescind the warning, which shows as the ruling in the panel and a ResultCorrected
 * at the replay's new last position; a second page's sheet for the same appeal gets the 409. In
 * English, an appeal filed while the page is open appears on Refresh, a missing reasoning is
 * refused naming the field, and a dismissal is recorded with no correction.
 * With REPLAY_SCREENSHOTS=<dir> it also saves what it looked at, for a person to check.
 */
const OPERATOR = 'e2e-rulingform-operator-tok1';
const REFEREE = 'e2e-rulingform-referee-token1';
const ARBITER = 'e2e-rulingform-arbiter-token1';
const MATCH = 'e2e_ruling_form';

interface Vote {
  memberId: string;
  vote: string;
}
interface AppealRead {
  filed: { disputed: { stream: string; revision: number; hash?: string }[] };
  ruling: {
    rulingId: string;
    votes: Vote[];
    outcome: string;
    remedy?: { kind: string; penalty?: { stream: string; revision: number; hash?: string } };
    reasoning: string;
  } | null;
}

describe('arbitration replay page: the committee’s ruling keyed from the appeals panel', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
  });
  let penalty = 0;

  const call = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), token, method, path, body);
  const appeal = async (id: string): Promise<AppealRead> =>
    (await call(ARBITER, 'GET', `/api/appeals/${id}`)) as AppealRead;
  const { eventAt, lastPosition } = replayApi(url, ARBITER, MATCH);
  const fileAppeal = (appealId: string, statement: string): Promise<unknown> =>
    call(REFEREE, 'POST', `/api/matches/${MATCH}/appeals`, {
      appealId,
      handNumber: 1,
      disputedRevisions: [penalty],
      statement,
      appellant: { team: 'EW', captain: '刘洋' },
      fee: { amount: 500 },
    });
  const open = (lang: 'zh-CN' | 'en'): Promise<Page> =>
    openReplay(browser(), url(), { matchId: MATCH, arbiterToken: ARBITER, lang, position: penalty });
  /** Keys one member's row of the vote sheet. */
  const member = async (page: Page, row: number, id: string, vote: 'uphold' | 'dismiss'): Promise<void> => {
    await page.getByTestId(`member-id-${String(row)}`).fill(id);
    await page.getByTestId(`member-vote-${String(row)}-${vote}`).check();
  };

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'ruling-form-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    penalty = (await warnEastInFirstDeal(match)).penalty;
    await match.playUntil((state) => state.handsPlayed >= 1);
    await fileAppeal('A1', '对手并未拖延，警告不当');
  });

  it('refuses a two-member committee with GD-APL-2, records three members rescinding the penalty, then a second sheet gets 409', async () => {
    const page = await open('zh-CN');
    // A second arbiter's page, its sheet for the same appeal opened before the ruling is recorded.
    const other = await open('zh-CN');
    const lastBefore = await lastPosition();
    const panel = page.getByTestId('appeal-A1');
    await panel.getByTestId('record-ruling').click();
    const form = panel.getByTestId('ruling-form');
    expect(await form.getByRole('heading').textContent()).toBe('录入申诉 A1 的裁决');
    // The appeal contests a PenaltyIssued: rescinding that penalty is preselected.
    expect(await form.getByTestId('remedy-kind').inputValue()).toBe('penalty-rescinded');
    await expect.poll(() => form.getByTestId('remedy-penalty').inputValue()).toBe(String(penalty));
    expect(await form.getByTestId('remedy-penalty').locator('option:checked').textContent()).toContain(
      'GD-PEN-2',
    );

    // Two members: the page hints, the server refuses (GD-APL-2) and the sheet stays as typed.
    await form.getByTestId('remove-member-2').click();
    await member(page, 0, 'chen', 'uphold');
    await member(page, 1, 'wang', 'uphold');
    expect(await form.getByTestId('odd-hint').textContent()).toContain('GD-APL-2');
    expect(await form.getByTestId('majority').textContent()).toMatch(/2 票支持、0 票驳回\s*·\s*多数支持申诉/);
    await form.getByTestId('reasoning').fill('录像显示东家并未拖延');
    await form.getByTestId('submit-ruling').click();
    const refusal = form.getByTestId('ruling-refusal');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await refusal.getByTestId('refusal-heading').textContent()).toContain('GD-APL-2');
    expect(await refusal.textContent()).toContain('仲裁委员会须由三人以上单数组成（现有 2 人）');
    expect(await form.getByTestId('member-id-0').inputValue()).toBe('chen');
    expect(await form.getByTestId('member-vote-1-uphold').isChecked()).toBe(true);
    expect(await form.getByTestId('reasoning').inputValue()).toBe('录像显示东家并未拖延');
    expect((await appeal('A1')).ruling).toBeNull();
    await shot(page, 'zh-ruling-refused');

    // A third member dissents: 2:1 upholds; the live majority says so; the ruling is recorded.
    await form.getByTestId('add-member').click();
    await member(page, 2, 'zhou', 'dismiss');
    expect(await form.getByTestId('odd-hint').count()).toBe(0);
    expect(await form.getByTestId('majority').textContent()).toMatch(/2 票支持、1 票驳回\s*·\s*多数支持申诉/);
    await form.getByTestId('submit-ruling').click();
    await expect.poll(() => form.count()).toBe(0);

    // Through the API: each member's vote, the outcome and the penalty with the hash the appeal pinned.
    const ruled = await appeal('A1');
    if (ruled.ruling === null) throw new Error('A1 has no ruling');
    expect(ruled.ruling.votes).toEqual([
      { memberId: 'chen', vote: 'uphold' },
      { memberId: 'wang', vote: 'uphold' },
      { memberId: 'zhou', vote: 'dismiss' },
    ]);
    expect(ruled.ruling.outcome).toBe('penalty-rescinded');
    expect(ruled.ruling.reasoning).toBe('录像显示东家并未拖延');
    expect(ruled.ruling.remedy).toEqual({ kind: 'penalty-rescinded', penalty: ruled.filed.disputed[0] });
    expect(ruled.filed.disputed[0]).toMatchObject({ stream: `match-${MATCH}`, revision: penalty });

    // The panel shows the ruling; the replay's last position grew by the ResultCorrected.
    const rulingId = ruled.ruling.rulingId;
    const shown = panel.getByTestId(`ruling-${rulingId}`);
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.getByTestId('ruling-summary').textContent()).toContain(
      `表决 2 票支持、1 票驳回，支持申诉；撤销第 ${String(penalty)} 条（判罚）；退还申诉费 500 元`,
    );
    expect(await panel.getByTestId('record-ruling').count()).toBe(0);
    const lastAfter = await lastPosition();
    expect(lastAfter).toBe(lastBefore + 1);
    const correction = await eventAt(lastAfter);
    expect(correction.type).toBe('ResultCorrected');
    expect(correction.data).toMatchObject({
      rulingId,
      effect: 'voided',
      supersedes: { revision: penalty },
    });
    await expect
      .poll(() => page.getByTestId('position-label').textContent())
      .toBe(`第 ${String(penalty)} / ${String(lastAfter)} 条`);
    await page.getByTestId('jump-input').fill(String(lastAfter));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(lastAfter);
    expect(await page.getByTestId('event-code').textContent()).toBe('ResultCorrected');
    await shot(page, 'zh-ruling-recorded');

    // The other page's sheet, keyed after the ruling: 409, the server's message, nothing lost.
    const late = other.getByTestId('appeal-A1');
    await late.getByTestId('record-ruling').click();
    await member(other, 0, 'chen', 'dismiss');
    await member(other, 1, 'wang', 'dismiss');
    await member(other, 2, 'zhou', 'dismiss');
    await late.getByTestId('reasoning').fill('第二份表决单');
    await late.getByTestId('submit-ruling').click();
    const conflict = late.getByTestId('ruling-refusal');
    await expect.poll(() => conflict.isVisible()).toBe(true);
    expect(await conflict.getByTestId('refusal-heading').textContent()).toContain('409');
    expect(await conflict.textContent()).toContain(`was already decided by ruling ${rulingId}`);
    expect(await late.getByTestId('reasoning').inputValue()).toBe('第二份表决单');
    await shot(other, 'zh-ruling-409');
    expect((await appeal('A1')).ruling?.rulingId).toBe(rulingId);
    expect(await lastPosition()).toBe(lastAfter);
    await other.close();
    await page.close();
  });

  it('in English: an appeal filed while the page is open appears on Refresh, a missing reasoning is refused by field, a dismissal is recorded', async () => {
    const page = await open('en');
    await expect.poll(() => page.getByTestId('appeal-A1').count()).toBe(1);
    expect(await page.getByTestId('appeal-A2').count()).toBe(0);
    await fileAppeal('A2', 'The warning was too harsh');
    const refresh = page.getByTestId('appeals-refresh');
    expect(await refresh.textContent()).toBe('Refresh');
    await refresh.click();
    const panel = page.getByTestId('appeal-A2');
    await expect.poll(() => panel.count()).toBe(1);
    const lastBefore = await lastPosition();

    expect(await panel.getByTestId('record-ruling').textContent()).toBe('Record ruling');
    await panel.getByTestId('record-ruling').click();
    const form = panel.getByTestId('ruling-form');
    await member(page, 0, 'chen', 'dismiss');
    await member(page, 1, 'wang', 'uphold');
    await member(page, 2, 'zhou', 'dismiss');
    expect(await form.getByTestId('majority').textContent()).toMatch(
      /1 to uphold, 2 to dismiss\s*·\s*majority dismisses/,
    );
    // No reasoning: the server names the field.
    await form.getByTestId('submit-ruling').click();
    const refusal = form.getByTestId('ruling-refusal');
    await expect.poll(() => refusal.isVisible()).toBe(true);
    expect(await refusal.getByTestId('refusal-heading').textContent()).toBe(
      'The server refused these fields (400):',
    );
    expect(await refusal.textContent()).toContain('reasoning:');
    expect(await form.getByTestId('member-id-2').inputValue()).toBe('zhou');
    await shot(page, 'en-ruling-400');

    await form.getByTestId('reasoning').fill('The warning was in order');
    await form.getByTestId('submit-ruling').click();
    await expect.poll(() => form.count()).toBe(0);
    const ruled = await appeal('A2');
    if (ruled.ruling === null) throw new Error('A2 has no ruling');
    expect(ruled.ruling.votes).toEqual([
      { memberId: 'chen', vote: 'dismiss' },
      { memberId: 'wang', vote: 'uphold' },
      { memberId: 'zhou', vote: 'dismiss' },
    ]);
    expect(ruled.ruling.outcome).toBe('appeal-dismissed');
    const shown = panel.getByTestId(`ruling-${ruled.ruling.rulingId}`);
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.getByTestId('ruling-summary').textContent()).toBe(
      `Ruling ${ruled.ruling.rulingId} on appeal A2: 1 to uphold, 2 to dismiss, appeal dismissed`,
    );
    // A dismissal corrects nothing: the match stream did not grow.
    expect(await lastPosition()).toBe(lastBefore);
    await page.close();
  });
});
