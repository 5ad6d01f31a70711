import type { GuandanEventType } from '@tablecast/guandan/view';
import type { Lang } from '../../../lib/i18n';

/**
 * The event types of the catalog outside the rules engine (libs/events: arbitration, keying
 * corrections, broadcast settings, the tournament stream). Spelled out here because the overlays do not bundle
 * @tablecast/events (it brings zod); event-names.spec.ts enumerates the catalog itself, so a new
 * type there fails the test until it has a name here.
 */
export type PlatformEventType =
  | 'AppealFiled'
  | 'RulingIssued'
  | 'ResultCorrected'
  | 'PlayersLeftTable'
  | 'PairingsPublished'
  | 'CorrectionRequested'
  | 'CorrectionConfirmed'
  | 'CorrectionRejected'
  | 'BroadcastDelaySet'
  | 'TournamentCreated'
  | 'EntrantRegistered'
  | 'EntrantLateEntered'
  | 'EntrantWithdrawn'
  | 'RoundPaired'
  | 'RoundPublished'
  | 'MatchAssigned'
  | 'RoundBoardSetCreated'
  | 'RoundBoardSeedReleased'
  | 'BoardAssigned'
  | 'KnockoutGameRecorded'
  | 'ResultRecorded'
  | 'TableResultRecorded'
  | 'TournamentResultCorrected'
  | 'BoardTimeCorrected'
  | 'StageAdvanced';

export type KnownEventType = GuandanEventType | PlatformEventType;

/** What a referee calls each event (glossary: docs/glossary.md). */
export const eventNames: Readonly<Record<Lang, Readonly<Record<KnownEventType, string>>>> = {
  'zh-CN': {
    MatchCreated: '比赛创建',
    HandStarted: '一副开始',
    DeckCommitted: '牌序承诺',
    CardsDealt: '发牌',
    FirstLeadCut: '翻牌定首家',
    TributeGiven: '进贡',
    TributeAssigned: '贡牌分配',
    TributeReturned: '还贡',
    ReturnChosen: '选择还牌',
    TributeResisted: '抗贡',
    LeadAssigned: '确定首出',
    CardsPlayed: '出牌',
    Passed: '过牌',
    CardsReported: '报牌',
    PlayerFinished: '出完',
    TrickWon: '一轮结束',
    HandEnded: '一副结束',
    DeckRevealed: '公开牌序',
    PenaltyIssued: '判罚',
    PlayDutyImposed: '出牌义务',
    LevelsAwarded: '判给级数',
    TimeCalled: '时间到',
    MatchForfeited: '判负',
    MatchEnded: '比赛结束',
    AppealFiled: '提出申诉',
    RulingIssued: '仲裁裁决',
    ResultCorrected: '成绩更正',
    PlayersLeftTable: '选手离桌',
    PairingsPublished: '公布对阵',
    CorrectionRequested: '申请录入更正',
    CorrectionConfirmed: '确认录入更正',
    CorrectionRejected: '驳回录入更正',
    BroadcastDelaySet: '设置转播延迟',
    TournamentCreated: '创建赛事',
    EntrantRegistered: '报名参赛',
    EntrantLateEntered: '迟到报名',
    EntrantWithdrawn: '退赛',
    RoundPaired: '编排对阵',
    RoundPublished: '公布轮次对阵',
    MatchAssigned: '分配球桌',
    RoundBoardSetCreated: '生成本轮牌副',
    RoundBoardSeedReleased: '公开本轮牌副种子',
    BoardAssigned: '分配牌副',
    ResultRecorded: '登记成绩',
    TableResultRecorded: '登记本桌成绩',
    TournamentResultCorrected: '更正赛事成绩',
    BoardTimeCorrected: '更正牌副用时',
    KnockoutGameRecorded: '淘汰赛单局成绩',
    StageAdvanced: '晋级下一阶段',
  },
  en: {
    MatchCreated: 'Match created',
    HandStarted: 'Deal started',
    DeckCommitted: 'Deck committed',
    CardsDealt: 'Cards dealt',
    FirstLeadCut: 'Cut for the first lead',
    TributeGiven: 'Tribute given',
    TributeAssigned: 'Tribute assigned',
    TributeReturned: 'Tribute returned',
    ReturnChosen: 'Return chosen',
    TributeResisted: 'Tribute resisted',
    LeadAssigned: 'Lead assigned',
    CardsPlayed: 'Cards played',
    Passed: 'Passed',
    CardsReported: 'Cards reported',
    PlayerFinished: 'Player finished',
    TrickWon: 'Trick won',
    HandEnded: 'Deal ended',
    DeckRevealed: 'Deck revealed',
    PenaltyIssued: 'Penalty issued',
    PlayDutyImposed: 'Play duty imposed',
    LevelsAwarded: 'Levels awarded',
    TimeCalled: 'Time called',
    MatchForfeited: 'Match forfeited',
    MatchEnded: 'Match ended',
    AppealFiled: 'Appeal filed',
    RulingIssued: 'Ruling issued',
    ResultCorrected: 'Result corrected',
    PlayersLeftTable: 'Players left the table',
    PairingsPublished: 'Pairings published',
    CorrectionRequested: 'Keying correction requested',
    CorrectionConfirmed: 'Keying correction confirmed',
    CorrectionRejected: 'Keying correction rejected',
    BroadcastDelaySet: 'Broadcast delay set',
    TournamentCreated: 'Tournament created',
    EntrantRegistered: 'Entrant registered',
    EntrantLateEntered: 'Entrant late entered',
    EntrantWithdrawn: 'Entrant withdrawn',
    RoundPaired: 'Round paired',
    RoundPublished: 'Round published',
    MatchAssigned: 'Match assigned',
    RoundBoardSetCreated: 'Round board set created',
    RoundBoardSeedReleased: 'Round board seed released',
    BoardAssigned: 'Board assigned',
    ResultRecorded: 'Result recorded',
    TableResultRecorded: 'Table result recorded',
    TournamentResultCorrected: 'Tournament result corrected',
    BoardTimeCorrected: 'Board play time corrected',
    KnockoutGameRecorded: 'Knockout game recorded',
    StageAdvanced: 'Stage advanced',
  },
};

export function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(eventNames.en, type);
}

/** The localized name of an event type; an unknown (newer) type keeps its code name. */
export function eventName(type: string, lang: Lang): string {
  return isKnownEventType(type) ? eventNames[lang][type] : type;
}
