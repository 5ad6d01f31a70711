import type { Lang } from '../../../lib/i18n';

/** The commentator page's Guandan words (the booth's monitor; zh-CN by default, English with lang=en). */
export interface CommentatorWords {
  readonly deal: (n: number) => string;
  readonly toAct: string;
  readonly legalPlays: (seat: string, total: number) => string;
  readonly leads: string;
  readonly toBeat: string;
  readonly mayPass: string;
  readonly noPlays: string;
  readonly more: (n: number) => string;
  readonly stats: {
    readonly bombs: string;
    readonly tributesPaid: string;
    readonly tributesReceived: string;
    readonly aAttempts: string;
  };
  readonly cardsLeft: (n: number) => string;
  readonly lastTricks: string;
  readonly trickInPlay: string;
  readonly wonBy: (seat: string, deal: number) => string;
  readonly pass: string;
  readonly noTricks: string;
  readonly noTurn: string;
}

export const commentatorWords: Readonly<Record<Lang, CommentatorWords>> = {
  'zh-CN': {
    deal: (n) => `第 ${String(n)} 副`,
    toAct: '出牌中',
    legalPlays: (seat, total) => `${seat}可出的牌：${String(total)} 种`,
    leads: '首出',
    toBeat: '要压',
    mayPass: '可不出',
    noPlays: '压不住，只能不出',
    more: (n) => `另有 ${String(n)} 种`,
    stats: { bombs: '炸弹', tributesPaid: '进贡', tributesReceived: '收贡', aAttempts: '打A' },
    cardsLeft: (n) => `余 ${String(n)} 张`,
    lastTricks: '最近几轮',
    trickInPlay: '本轮',
    wonBy: (seat, deal) => `第 ${String(deal)} 副 · ${seat}收轮`,
    pass: '不出',
    noTricks: '本局尚无完成的轮次',
    noTurn: '现在无人出牌',
  },
  en: {
    deal: (n) => `Deal ${String(n)}`,
    toAct: 'to play',
    legalPlays: (seat, total) => `${seat} can play: ${String(total)} ${total === 1 ? 'play' : 'plays'}`,
    leads: 'Leads',
    toBeat: 'To beat',
    mayPass: 'may pass',
    noPlays: 'Nothing beats it: must pass',
    more: (n) => `${String(n)} more`,
    stats: {
      bombs: 'Bombs',
      tributesPaid: 'Tribute paid',
      tributesReceived: 'Tribute received',
      aAttempts: 'A attempts',
    },
    cardsLeft: (n) => `${String(n)} ${n === 1 ? 'card' : 'cards'} left`,
    lastTricks: 'Last tricks',
    trickInPlay: 'This trick',
    wonBy: (seat, deal) => `Deal ${String(deal)} · won by ${seat}`,
    pass: 'Pass',
    noTricks: 'No trick finished yet',
    noTurn: 'Nobody is to play',
  },
};
