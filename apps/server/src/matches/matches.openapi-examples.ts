import type { BodyExamples } from '../http/api-zod-body';

/** Bodies as an organiser's script or the console sends them, shown on /docs (checked at load). */
export const CREATE_MATCH_EXAMPLES: BodyExamples = {
  final: {
    summary: 'The final at table final-1, played to past A',
    value: {
      matchId: 'final_2026_t1',
      table: 'final-1',
      ruleset: 'cga2017',
      format: { kind: 'toPastAce' },
      teams: { NS: { id: 'jiangsu', name: '江苏队' }, EW: { id: 'sichuan', name: '四川队' } },
      players: [
        { id: 'zhang_wei', name: '张伟', seat: 'S' },
        { id: 'li_na', name: '李娜', seat: 'E' },
        { id: 'wang_fang', name: '王芳', seat: 'N' },
        { id: 'liu_yang', name: '刘洋', seat: 'W' },
      ],
    },
  },
  fixedDeals: {
    summary: 'A semi-final of 7 deals',
    value: {
      matchId: 'semi_2026_t2',
      table: 'semi-2',
      format: { kind: 'fixedDeals', deals: 7 },
      teams: { NS: { id: 'guangdong', name: '广东队' }, EW: { id: 'shanghai', name: '上海队' } },
      players: [
        { id: 'chen_jie', name: '陈杰', seat: 'S' },
        { id: 'zhao_min', name: '赵敏', seat: 'E' },
        { id: 'huang_lei', name: '黄磊', seat: 'N' },
        { id: 'zhou_ting', name: '周婷', seat: 'W' },
      ],
    },
  },
};

export const COMMAND_EXAMPLES: BodyExamples = {
  deal: {
    summary: 'Deal the next hand (the server draws and records the shuffle)',
    value: { revision: 0, idempotencyKey: 'final-1.deal.0001', command: { type: 'DealCards' } },
  },
  play: {
    summary: 'South plays a pair of threes',
    value: {
      revision: 12,
      idempotencyKey: 'final-1.play.0013',
      command: { type: 'PlayCards', seat: 'S', cards: ['H3a', 'S3b'] },
    },
  },
  pass: {
    summary: 'East passes',
    value: { revision: 13, idempotencyKey: 'final-1.pass.0014', command: { type: 'Pass', seat: 'E' } },
  },
  penalty: {
    summary: 'The referee warns West',
    value: {
      revision: 14,
      idempotencyKey: 'final-1.pen.0015',
      command: {
        type: 'IssuePenalty',
        seat: 'W',
        sanction: 'warning',
        rule: 'GD-PEN-2',
        note: '催牌后仍拖延',
      },
    },
  },
};
