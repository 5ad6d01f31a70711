import type { B2Seat } from '@tablecast/bigtwo/view';
import type { Lang } from '../../lib/i18n';

/** The Big Two terminal's words: zh-CN for the players, English with lang=en. */
export interface B2PlayCatalog {
  readonly title: string;
  readonly seat: (seat: B2Seat) => string;
  readonly cardsLeft: (n: number) => string;
  /** B2-PLAY-6: down to one card (报单). */
  readonly reported: string;
  /** B2-SHOW-1: show the hand, ×3. */
  readonly show: string;
  readonly noShow: string;
  readonly shown: string;
  /** B2-DBL-1: double, ×2. */
  readonly double: string;
  readonly noDouble: string;
  readonly doubled: string;
  readonly factor: (n: number) => string;
  /** B2-TERM-1: 首家, the holder of ♦3. */
  readonly firstSeat: string;
  readonly play: string;
  readonly pass: string;
  readonly hint: string;
  readonly clear: string;
  readonly board: (n: number) => string;
  readonly phases: Readonly<Record<string, string>>;
  readonly yourTurn: string;
  readonly waiting: string;
  readonly selection: (legal: boolean, type: string | null) => string;
  readonly noPlay: string;
  readonly sending: string;
  readonly boardEnd: (board: number) => string;
  readonly cardPoints: string;
  readonly score: string;
  readonly total: string;
  readonly types: Readonly<Record<string, string>>;
}

const zh: B2PlayCatalog = {
  title: '锄大地 · 选手终端',
  seat: (seat) => ({ S: '南家', E: '东家', N: '北家', W: '西家' })[seat],
  cardsLeft: (n) => `剩${String(n)}张`,
  reported: '报单',
  show: '明牌 ×3',
  noShow: '不明牌',
  shown: '明牌',
  double: '加倍 ×2',
  noDouble: '不加倍',
  doubled: '加倍',
  factor: (n) => `×${String(n)}`,
  firstSeat: '首家',
  play: '出牌',
  pass: '不出',
  hint: '提示',
  clear: '重选',
  board: (n) => `第${String(n)}副`,
  phases: { dealing: '发牌', showing: '明牌', doubling: '加倍', play: '出牌', over: '本副结束' },
  yourTurn: '轮到你了',
  waiting: '等待其他选手',
  selection: (legal, type) => (legal ? `可出：${type ?? ''}` : '所选的牌不是可出的牌型'),
  noPlay: '没有大过上家的牌',
  sending: '提交中…',
  boardEnd: (board) => `第${String(board)}副结束`,
  cardPoints: '牌分',
  score: '得分',
  total: '累计',
  types: {
    single: '单张',
    pair: '对子',
    triple: '三张',
    straight: '顺子',
    flush: '同花',
    fullHouse: '葫芦',
    fourOfAKind: '铁枝',
    straightFlush: '同花顺',
  },
};

const en: B2PlayCatalog = {
  title: 'Big Two · player terminal',
  seat: (seat) => ({ S: 'South', E: 'East', N: 'North', W: 'West' })[seat],
  cardsLeft: (n) => `${String(n)} left`,
  reported: 'Last card',
  show: 'Show ×3',
  noShow: 'Keep hidden',
  shown: 'Shown',
  double: 'Double ×2',
  noDouble: 'No double',
  doubled: 'Doubled',
  factor: (n) => `×${String(n)}`,
  firstSeat: 'First',
  play: 'Play',
  pass: 'Pass',
  hint: 'Hint',
  clear: 'Clear',
  board: (n) => `Board ${String(n)}`,
  phases: { dealing: 'Dealing', showing: 'Show', doubling: 'Doubling', play: 'Play', over: 'Board over' },
  yourTurn: 'Your turn',
  waiting: 'Waiting for the others',
  selection: (legal, type) => (legal ? `Legal: ${type ?? ''}` : 'These cards are not a legal play'),
  noPlay: 'Nothing beats the last play',
  sending: 'Sending…',
  boardEnd: (board) => `Board ${String(board)} over`,
  cardPoints: 'Card points',
  score: 'Score',
  total: 'Total',
  types: {
    single: 'single',
    pair: 'pair',
    triple: 'triple',
    straight: 'straight',
    flush: 'flush',
    fullHouse: 'full house',
    fourOfAKind: 'four of a kind',
    straightFlush: 'straight flush',
  },
};

export const b2PlayMessages: Readonly<Record<Lang, B2PlayCatalog>> = { 'zh-CN': zh, en };
