import { describe, expect, it } from 'vitest';
import { appealsContesting, type ReplayAppeal } from '../../../lib/replay/replay-appeals';
import { referencedRevisions } from '../../../lib/events/arbitration-summaries';
import { summarizeEvent, type SummaryContext } from './summarize-event';

const zh: SummaryContext = {
  lang: 'zh-CN',
  names: { players: { S: '张伟', E: '李娜', N: '王强', W: '赵敏' }, teams: { NS: '江苏队', EW: '上海队' } },
};
const en: SummaryContext = { lang: 'en', names: null };
const say = (type: string, data: unknown, context: SummaryContext): string | undefined =>
  summarizeEvent({ type, data }, context)?.text;

const appeal = {
  appealId: 'AP1',
  matchId: 'm1',
  handNumber: 2,
  disputed: [
    { stream: 'match-m1', revision: 41 },
    { stream: 'match-m1', revision: 43 },
  ],
  statement: '出牌顺序错误',
  language: 'zh-CN',
  appellant: { team: 'EW', captain: '赵敏' },
};
const votes = (uphold: number, dismiss: number) => [
  ...Array.from({ length: uphold }, (_, i) => ({ memberId: `u${String(i)}`, vote: 'uphold' })),
  ...Array.from({ length: dismiss }, (_, i) => ({ memberId: `d${String(i)}`, vote: 'dismiss' })),
];
const ruling = (outcome: string, remedy: object | undefined, feeRefund: object | null = null) => ({
  appealId: 'AP1',
  rulingId: 'R1',
  outcome,
  reasoning: '录像复核',
  votes: outcome === 'appeal-dismissed' ? votes(1, 2) : votes(2, 1),
  ...(remedy ? { remedy: { kind: outcome, ...remedy } } : {}),
  feeRefund,
});
const correction = (fields: object) => ({
  correctionId: 'C1',
  matchId: 'm1',
  handNumber: 2,
  reason: 'ruling',
  rulingId: 'R1',
  supersedes: { stream: 'match-m1', revision: 44 },
  note: '',
  ...fields,
});

describe('the committee’s events as sentences', () => {
  it('a penalty names the seat, the sanction, the rule ID (GD-PEN-1) and the referee’s note', () => {
    const penalty = { seat: 'S', sanction: 'warning', rule: 'GD-PEN-2', refereeId: 'r1', note: '催促' };
    expect(say('PenaltyIssued', penalty, zh)).toBe('南（张伟）被判警告（GD-PEN-2），裁判说明：催促');
    expect(say('PenaltyIssued', penalty, en)).toBe("Warning for South, rule GD-PEN-2; referee's note: 催促");
  });

  it('an appeal (GD-APL-1) names the pair and captain, the deal and every contested position', () => {
    expect(say('AppealFiled', appeal, zh)).toBe(
      '东西（上海队）队长赵敏提出申诉 AP1：第2副，争议第 41、43 条',
    );
    expect(say('AppealFiled', appeal, en)).toBe(
      'E–W captain 赵敏 files appeal AP1: deal 2, contesting events 41, 43',
    );
    const unsigned = { ...appeal, appellant: undefined };
    expect(say('AppealFiled', unsigned, en)).toBe('Filed: appeal AP1: deal 2, contesting events 41, 43');
  });

  it('a ruling (GD-APL-2) gives the tally, the verdict, what the remedy changes and the refund', () => {
    const rescinded = ruling(
      'penalty-rescinded',
      { penalty: { stream: 'match-m1', revision: 44 } },
      { amount: 500, currency: 'CNY' },
    );
    expect(say('RulingIssued', rescinded, zh)).toBe(
      '裁决 R1（申诉 AP1）：表决 2 票支持、1 票驳回，支持申诉；撤销第 44 条（判罚）；退还申诉费 500 元',
    );
    expect(say('RulingIssued', rescinded, en)).toBe(
      'Ruling R1 on appeal AP1: 2 to uphold, 1 to dismiss, appeal upheld; rescinds event 44 (Penalty issued); appeal fee of 500 yuan refunded',
    );
    expect(say('RulingIssued', ruling('appeal-dismissed', undefined), zh)).toBe(
      '裁决 R1（申诉 AP1）：表决 1 票支持、2 票驳回，驳回申诉',
    );
    const imposed = {
      seat: 'E',
      sanction: 'foul',
      rule: 'GD-PEN-4',
      at: { stream: 'match-m1', revision: 41 },
    };
    expect(say('RulingIssued', ruling('penalty-imposed', imposed), zh)).toContain(
      '追加判罚：东（李娜）被判犯规（GD-PEN-4），记于第 41 条',
    );
    expect(
      say(
        'RulingIssued',
        ruling('hand-result-corrected', { handNumber: 2, levelsAfter: { NS: 3, EW: 12 } }),
        zh,
      ),
    ).toContain('第2副结果改为南北（江苏队）打5、东西（上海队）打A');
    expect(say('RulingIssued', ruling('hand-to-be-replayed', { handNumber: 2 }), en)).toContain(
      'deal 2 is void and replayed',
    );
    expect(
      say('RulingIssued', ruling('match-result-adjusted', { loser: 'EW', rule: 'GD-SCORE-4' }), zh),
    ).toContain('判东西（上海队）负，比赛结果改为 2:0（GD-SCORE-4）');
    // A ruling stored before rulings carried their remedy still says what was decided.
    expect(say('RulingIssued', ruling('hand-to-be-replayed', undefined), zh)).toBe(
      '裁决 R1（申诉 AP1）：表决 2 票支持、1 票驳回，支持申诉；本副重打',
    );
  });

  it('a result correction names who ordered it, the event it supersedes and what it says now', () => {
    const voided = correction({
      corrected: { voidedType: 'PenaltyIssued' },
      effect: 'voided',
      note: '录像复核',
    });
    expect(say('ResultCorrected', voided, zh)).toBe(
      '依裁决 R1，作废第 44 条（判罚）；原事件保留在记录中（裁决理由：录像复核）',
    );
    const added = correction({
      corrected: { seat: 'E', sanction: 'foul', rule: 'GD-PEN-4', refereeId: 'committee', note: '录像复核' },
      effect: 'penalty-added',
    });
    expect(say('ResultCorrected', added, en)).toBe(
      'By ruling R1, a penalty is added at event 44: Foul for East, rule GD-PEN-4',
    );
    const sheet = correction({
      reason: 'recording-error',
      rulingId: null,
      corrected: { handNumber: 2, levelsAfter: { NS: 3, EW: 1 }, places: ['S', 'E', 'N', 'W'] },
      note: '记分表誊写错误',
    });
    expect(say('ResultCorrected', sheet, zh)).toBe(
      '因记录错误，更正第 44 条（一副结束）：第2副结果改为南北（江苏队）打5、东西（上海队）打3；原事件保留在记录中（说明：记分表誊写错误）',
    );
    expect(say('ResultCorrected', sheet, en)).toBe(
      'For a recording error, event 44 (Deal ended) is corrected: deal 2 now ends N–S on 5, E–W on 3; the original stays in the log (note: 记分表誊写错误)',
    );
    const result = correction({
      handNumber: null,
      corrected: { matchPoints: { NS: 20, EW: 0 }, winner: 'NS', reason: 'forfeit' },
      effect: 'replaced',
    });
    expect(say('ResultCorrected', result, zh)).toBe(
      '依裁决 R1，更正第 44 条（比赛结束）：比赛结果改为 南北（江苏队） 2 : 0 东西（上海队），南北（江苏队）胜；原事件保留在记录中',
    );
  });

  it('finds the positions of this match an appeal or a correction points at, and the appeals contesting one', () => {
    expect(referencedRevisions({ type: 'AppealFiled', data: appeal }, 'm1')).toEqual([41, 43]);
    expect(referencedRevisions({ type: 'AppealFiled', data: appeal }, 'other')).toEqual([]);
    expect(referencedRevisions({ type: 'ResultCorrected', data: correction({}) }, 'm1')).toEqual([44]);
    expect(referencedRevisions({ type: 'PenaltyIssued', data: { seat: 'S' } }, 'm1')).toEqual([]);
    const filed = { appealId: 'AP1', filed: appeal } as unknown as ReplayAppeal;
    expect(appealsContesting([filed], 'm1', 43)).toEqual(['AP1']);
    expect(appealsContesting([filed], 'm1', 42)).toEqual([]);
  });
});
