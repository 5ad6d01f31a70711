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
 * The committee's events on the arbitration replay page, in headless Chromium against
 * the built server: a match played through the real API gets a referee's penalty with its rule ID
 * (GD-PEN-2), an appeal contesting it (GD-APL-1), the committee's ruling rescinding it (GD-APL-2),
 * a second appeal upheld with a penalty imposed (GD-PEN-4) and a score-sheet correction of the
 * first deal. The page is stepped to each and read as the committee reads it. With
 * REPLAY_SCREENSHOTS=<dir> it also saves what it looked at, for a person to check.
 */
const OPERATOR = 'e2e-rulings-operator-token-1';
const REFEREE = 'e2e-rulings-referee-token-01';
const ARBITER = 'e2e-rulings-arbiter-token-01';
const MATCH = 'e2e_rulings';

interface Positions {
  penalty: number;
  play: number;
  handEnded: number;
  rescission: number;
  imposed: number;
  scoreCorrection: number;
}

describe('arbitration replay page: penalties, appeals, rulings and corrections', () => {
  const { url, browser } = useServerAndBrowser({
    TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE},arbiter=${ARBITER}`,
  });
  const at = {} as Positions;

  const call = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(url(), token, method, path, body);
  const { eventAt, lastPosition } = replayApi(url, ARBITER, MATCH);
  const open = (lang: 'zh-CN' | 'en', position: number): Promise<Page> =>
    openReplay(browser(), url(), { matchId: MATCH, arbiterToken: ARBITER, lang, position });

  beforeAll(async () => {
    const match = await createSimulatedMatch({
      url: url(),
      matchId: MATCH,
      seed: 'rulings-e2e',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
    });
    // A few plays into the first deal, the referee warns East (GD-PEN-2).
    const warned = await warnEastInFirstDeal(match);
    at.penalty = warned.penalty;
    expect((await eventAt(at.penalty)).type).toBe('PenaltyIssued');
    expect(at.penalty).toBeGreaterThan(warned.inPlay);
    const ended = await match.playUntil((state) => state.handsPlayed >= 1);
    // The deal's result and its last play, found by walking back from its end.
    let handEnded: number | null = null;
    let play: number | null = null;
    for (let p = ended.revision; p > at.penalty && play === null; p -= 1) {
      const { type } = await eventAt(p);
      if (type === 'HandEnded') handEnded ??= p;
      if (type === 'CardsPlayed') play = p;
    }
    if (handEnded === null || play === null) throw new Error('the first deal has no HandEnded or no play');
    at.handEnded = handEnded;
    at.play = play;

    // North-South's captain appeals the warning; the committee rescinds it 2:1.
    await call(REFEREE, 'POST', `/api/matches/${MATCH}/appeals`, {
      appealId: 'A1',
      handNumber: 1,
      disputedRevisions: [at.penalty],
      statement: '对手并未拖延，警告不当',
      appellant: { team: 'EW', captain: '刘洋' },
      fee: { amount: 500 },
    });
    await call(ARBITER, 'POST', '/api/appeals/A1/ruling', {
      rulingId: 'R1',
      committee: ['chen', 'wang', 'zhou'],
      votes: [
        { memberId: 'chen', vote: 'uphold' },
        { memberId: 'wang', vote: 'uphold' },
        { memberId: 'zhou', vote: 'dismiss' },
      ],
      remedy: { kind: 'penalty-rescinded', penalty: { stream: `match-${MATCH}`, revision: at.penalty } },
      reasoning: '录像显示东家并未拖延',
    });
    at.rescission = await lastPosition();
    // A second appeal, against a play: upheld, a foul imposed on East at that play (GD-PEN-4).
    await call(REFEREE, 'POST', `/api/matches/${MATCH}/appeals`, {
      appealId: 'A2',
      handNumber: 1,
      disputedRevisions: [at.play],
      statement: 'East played out of turn',
      language: 'en',
      appellant: { team: 'NS', captain: '王芳' },
      fee: { amount: 500 },
    });
    await call(ARBITER, 'POST', '/api/appeals/A2/ruling', {
      rulingId: 'R2',
      committee: ['chen', 'wang', 'zhou'],
      votes: [
        { memberId: 'chen', vote: 'uphold' },
        { memberId: 'wang', vote: 'uphold' },
        { memberId: 'zhou', vote: 'uphold' },
      ],
      remedy: {
        kind: 'penalty-imposed',
        seat: 'E',
        sanction: 'foul',
        rule: 'GD-PEN-4',
        at: { stream: `match-${MATCH}`, revision: at.play },
      },
      reasoning: 'The video shows East playing before South passed',
    });
    at.imposed = await lastPosition();
    // The score sheet of the first deal was written wrongly: corrected before the players leave.
    const dealt = (await eventAt(at.handEnded)).data as { levelsAfter: { NS: number; EW: number } };
    await call(REFEREE, 'POST', `/api/matches/${MATCH}/score-corrections`, {
      kind: 'recording-error',
      handNumber: 1,
      levelsAfter: { NS: dealt.levelsAfter.NS, EW: dealt.levelsAfter.EW + 1 },
      note: '记分表誊写错误',
    });
    at.scoreCorrection = await lastPosition();
  });

  it('reads the penalty, the appeal, the ruling and the corrections in Chinese, and the appeal jumps to what it contests', async () => {
    const page = await open('zh-CN', at.penalty);
    expect(await page.getByTestId('event-type').textContent()).toBe('判罚');
    expect(await page.getByTestId('event-code').textContent()).toBe('PenaltyIssued');
    const penalty = (await page.getByTestId('event-summary').textContent()) ?? '';
    expect(penalty).toContain('东（李娜）被判警告（GD-PEN-2）');
    expect(penalty).toContain('裁判说明：催促对手出牌');
    // The appeal that contests it is marked on the event.
    await expect.poll(() => page.getByTestId('event-contested').textContent()).toContain('A1');
    await shot(page, 'zh-penalty');

    // The appeal and its ruling, by name and sentence, beside the replay.
    const appeal = page.getByTestId('appeal-A1');
    expect(await appeal.getByTestId('appeal-name').textContent()).toBe('提出申诉');
    expect(await appeal.getByTestId('appeal-summary').textContent()).toBe(
      `东西（安徽队）队长刘洋提出申诉 A1：第1副，争议第 ${String(at.penalty)} 条`,
    );
    // Keyed in at the referee's desk, whose actor id is the role's name: said once.
    expect(await appeal.getByTestId('appeal-keyed').textContent()).toBe('裁判 录入');
    const ruling = page.getByTestId('ruling-R1');
    expect(await ruling.getByTestId('ruling-name').textContent()).toBe('仲裁裁决');
    expect(await ruling.getByTestId('ruling-summary').textContent()).toBe(
      `裁决 R1（申诉 A1）：表决 2 票支持、1 票驳回，支持申诉；撤销第 ${String(at.penalty)} 条（判罚）；退还申诉费 500 元`,
    );

    // From the last event, the appeal's link moves the replay to the event it contests.
    await page.getByTestId('jump-input').fill(String(at.scoreCorrection));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(at.scoreCorrection);
    // The link names what it contests (判罚), read through the replay.
    const link = page.getByTestId(`appeal-disputed-${String(at.penalty)}`);
    await expect
      .poll(() => link.textContent())
      .toMatch(new RegExp(`^\\s*#${String(at.penalty)}\\s+判罚\\s*$`));
    await link.click();
    await expect.poll(() => positionOf(page)).toBe(at.penalty);
    expect(await page.getByTestId('event-code').textContent()).toBe('PenaltyIssued');

    // The rescission in the match stream: what it voids, by which ruling; a link back to the penalty.
    await page.getByTestId('jump-input').fill(String(at.rescission));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(at.rescission);
    expect(await page.getByTestId('event-type').textContent()).toBe('成绩更正');
    expect(await page.getByTestId('event-summary').textContent()).toContain(
      `依裁决 R1，作废第 ${String(at.penalty)} 条（判罚）；原事件保留在记录中（裁决理由：录像显示东家并未拖延）`,
    );
    // The penalties panel: the warning struck through, the ruling that rescinded it not.
    const listed = page.getByTestId(`penalty-${String(at.penalty)}`);
    expect(await listed.textContent()).toMatch(/东（李娜）\s*警告\s*GD-PEN-2\s*已由裁决 R1 撤销/);
    expect(await listed.locator('.rescinded').textContent()).not.toContain('R1');
    await shot(page, 'zh-rescission');
    await page.getByTestId(`event-ref-${String(at.penalty)}`).click();
    await expect.poll(() => positionOf(page)).toBe(at.penalty);

    // The penalty imposed by the second ruling, then the score-sheet correction.
    await page.getByTestId('jump-input').fill(String(at.imposed));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(at.imposed);
    expect(await page.getByTestId('event-summary').textContent()).toBe(
      `依裁决 R2，追加判罚：东（李娜）被判犯规（GD-PEN-4），记于第 ${String(at.play)} 条（裁决理由：The video shows East playing before South passed）`,
    );
    expect(await page.getByTestId(`penalty-${String(at.imposed)}`).textContent()).toMatch(
      /东（李娜）\s*犯规\s*GD-PEN-4\s*裁决 R2 判罚/,
    );
    expect(await page.getByTestId('ruling-R2').getByTestId('ruling-summary').textContent()).toContain(
      `追加判罚：东（李娜）被判犯规（GD-PEN-4），记于第 ${String(at.play)} 条`,
    );
    await shot(page, 'zh-imposed');
    // The penalties panel's position is a link too.
    await page.getByTestId(`penalty-link-${String(at.penalty)}`).click();
    await expect.poll(() => positionOf(page)).toBe(at.penalty);
    await page.getByTestId('jump-input').fill(String(at.imposed));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(at.imposed);
    await page.getByTestId('next').click();
    await expect.poll(() => positionOf(page)).toBe(at.scoreCorrection);
    expect(await page.getByTestId('event-summary').textContent()).toMatch(
      new RegExp(
        `^因记录错误，更正第 ${String(at.handEnded)} 条（一副结束）：第1副结果改为南北（江苏队）打.+、东西（安徽队）打.+；原事件保留在记录中（说明：记分表誊写错误）$`,
      ),
    );
    // The levels beside it are the game as played: the page says the correction is not in them.
    expect(await page.getByTestId('levels-note').textContent()).toContain('本条更正计入比分表');
    await shot(page, 'zh-score-correction');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('says the same in English with lang=en', async () => {
    const page = await open('en', at.penalty);
    expect(await page.getByTestId('event-type').textContent()).toBe('Penalty issued');
    // Keyed by the referee, whose actor id is the role's name: said once.
    expect(await page.getByTestId('event-actor').textContent()).toBe('referee');
    expect(await page.getByTestId('event-summary').textContent()).toBe(
      "Warning for East (李娜), rule GD-PEN-2; referee's note: 催促对手出牌",
    );
    await expect.poll(() => page.getByTestId('event-contested').textContent()).toContain('A1');
    const appeal = page.getByTestId('appeal-A2');
    expect(await appeal.getByTestId('appeal-name').textContent()).toBe('Appeal filed');
    expect(await appeal.getByTestId('appeal-summary').textContent()).toBe(
      `N–S (江苏队) captain 王芳 files appeal A2: deal 1, contesting event ${String(at.play)}`,
    );
    expect(await appeal.getByTestId('appeal-keyed').textContent()).toBe('keyed by referee');
    expect(await page.getByTestId('ruling-R1').getByTestId('ruling-summary').textContent()).toBe(
      `Ruling R1 on appeal A1: 2 to uphold, 1 to dismiss, appeal upheld; rescinds event ${String(at.penalty)} (Penalty issued); appeal fee of 500 yuan refunded`,
    );
    await shot(page, 'en-penalty');
    const link = page.getByTestId(`appeal-disputed-${String(at.play)}`);
    await expect.poll(() => link.textContent()).toContain('Cards played');
    await link.click();
    await expect.poll(() => positionOf(page)).toBe(at.play);
    expect(await page.getByTestId('event-code').textContent()).toBe('CardsPlayed');
    await page.getByTestId('jump-input').fill(String(at.rescission));
    await page.getByTestId('jump').click();
    await expect.poll(() => positionOf(page)).toBe(at.rescission);
    expect(await page.getByTestId('event-summary').textContent()).toBe(
      `By ruling R1, event ${String(at.penalty)} (Penalty issued) is void; the event stays in the log (reasoning: 录像显示东家并未拖延)`,
    );
    await shot(page, 'en-rescission');
    await page.close();
  });
});
