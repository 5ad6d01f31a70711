import type { SourceDocument } from './rule-catalog';

/** The rulebooks the Guandan citations name by number. */
export const GUANDAN_SOURCES: readonly SourceDocument[] = [
  {
    id: '000',
    title: '掼蛋(国家)竞赛规则(2017版) (also 淮安掼蛋竞赛规则), the base ruleset',
    issuer: '国家体育总局棋牌运动管理中心',
  },
  {
    id: '003',
    title: 'Regulations of the 2023 China Workers’ Guandan Championship, Beijing leg',
    issuer: 'the championship’s organising committee',
  },
  {
    id: '004',
    title: 'House rules of the 7th teachers’ Guandan event (第七届教职工通俗桥牌（掼蛋）比赛)',
    issuer: 'the event’s organisers',
  },
];
