import type { B2PlayReading, B2Seat, BigTwoBoardView, BigTwoView } from '@tablecast/bigtwo/view';
import { bigtwoWords } from './game-words';

/** The words of the Big Two skin: zh-CN on air by default, English with `lang=en`. */
export interface BigTwoCatalog {
  readonly gameName: string;
  /** Seat names by seat id, in playing order S → E → N → W (B2-SEAT-1). */
  readonly seats: Readonly<Record<B2Seat, string>>;
  readonly standings: string;
  readonly matchOver: string;
  readonly boardNumber: (n: number) => string;
  readonly boardsPlayed: (n: number) => string;
  readonly cardsLeft: (n: number) => string;
  /** B2-PLAY-6: the one-card report (报单). */
  readonly oneCard: string;
  /** B2-SHOW-1 and B2-DBL-2: the show badge with its factor. */
  readonly shown: string;
  /** B2-DBL-1 and B2-DBL-2: the double badge with its factor. */
  readonly doubled: string;
  /** B2-TERM-1: 首家, the holder of ♦3. */
  readonly firstSeat: string;
  readonly pass: string;
  readonly total: string;
  /** TRN-TB-4/5: the player's own play time over the match, then on the board, as `m:ss`. */
  readonly playTime: (clock: string) => string;
  readonly boardTime: (clock: string) => string;
  readonly phases: Readonly<Record<BigTwoBoardView['phase'], string>>;
  readonly combos: Readonly<Record<B2PlayReading['type'], string>>;
  readonly moments: Readonly<Record<BigTwoMomentKind, string>>;
  readonly boardEnd: {
    readonly title: (n: number) => string;
    readonly out: string;
    readonly left: string;
    /** B2-SCORE-1: card points (牌分). */
    readonly cardPoints: string;
    /** B2-DBL-2: the player's factor, 明牌 × 加倍. */
    readonly factor: string;
    readonly score: string;
    /** B2-SCORE-2, one pair: the winner of the pair takes the term from the loser. */
    readonly pairs: string;
    readonly formula: string;
  };
}

export const bigtwoZh: BigTwoCatalog = {
  gameName: bigtwoWords.labels['zh-CN'].name,
  seats: bigtwoWords.labels['zh-CN'].seats,
  standings: '积分榜',
  matchOver: '比赛结束',
  boardNumber: (n) => `第${String(n)}副`,
  boardsPlayed: (n) => `已打${String(n)}副`,
  cardsLeft: (n) => `${String(n)}张`,
  oneCard: '报单',
  shown: '明牌',
  doubled: '加倍',
  firstSeat: '首家',
  pass: '不出',
  total: '累计',
  playTime: (clock) => `用时 ${clock}`,
  boardTime: (clock) => `本副 ${clock}`,
  phases: { dealing: '发牌', showing: '明牌', doubling: '加倍', play: '出牌', over: '本副结束' },
  combos: {
    single: '单张',
    pair: '对子',
    triple: '三张',
    straight: '顺子',
    flush: '同花',
    fullHouse: '葫芦',
    fourOfAKind: '铁枝',
    straightFlush: '同花顺',
  },
  moments: { boardEnd: '本副结束' },
  boardEnd: {
    title: (n) => `第${String(n)}副 结算`,
    out: '出完',
    left: '剩牌',
    cardPoints: '牌分',
    factor: '倍数',
    score: '得分',
    pairs: '两两结算',
    formula: '(对方牌分 − 己方牌分) × 己方倍数 × 对方倍数',
  },
};

export const bigtwoEn: BigTwoCatalog = {
  gameName: bigtwoWords.labels.en.name,
  seats: bigtwoWords.labels.en.seats,
  standings: 'Standings',
  matchOver: 'Match over',
  boardNumber: (n) => `Board ${String(n)}`,
  boardsPlayed: (n) => (n === 1 ? '1 board played' : `${String(n)} boards played`),
  cardsLeft: (n) => `${String(n)} card${n === 1 ? '' : 's'}`,
  oneCard: 'Last card',
  shown: 'Shown',
  doubled: 'Doubled',
  firstSeat: 'Leads',
  pass: 'Pass',
  total: 'Total',
  playTime: (clock) => `Time ${clock}`,
  boardTime: (clock) => `board ${clock}`,
  phases: { dealing: 'Dealing', showing: 'Show', doubling: 'Doubling', play: 'Play', over: 'Board over' },
  combos: {
    single: 'Single',
    pair: 'Pair',
    triple: 'Triple',
    straight: 'Straight',
    flush: 'Flush',
    fullHouse: 'Full house',
    fourOfAKind: 'Four of a kind',
    straightFlush: 'Straight flush',
  },
  moments: { boardEnd: 'Board over' },
  boardEnd: {
    title: (n) => `Board ${String(n)}: the score`,
    out: 'Out',
    left: 'Left',
    cardPoints: 'Card points',
    factor: 'Factor',
    score: 'Score',
    pairs: 'Pair by pair',
    formula: '(their points − own points) × own factor × their factor',
  },
};

export type BigTwoLang = 'zh-CN' | 'en';

export function bigtwoText(lang: BigTwoLang): BigTwoCatalog {
  return lang === 'en' ? bigtwoEn : bigtwoZh;
}

/** The seats in playing order (B2-SEAT-1). */
export const B2_SKIN_SEATS: readonly B2Seat[] = ['S', 'E', 'N', 'W'];

/** The seat a lower third names (`&seat=S`…), or null for one this game has not. */
export function asB2Seat(seat: string): B2Seat | null {
  return B2_SKIN_SEATS.find((s) => s === seat) ?? null;
}

/** A seat's colour on air, by seat. */
export function seatColour(seat: B2Seat): string {
  return { S: '#d7263d', E: '#1b6fd1', N: '#2a9d5b', W: '#8e44ad' }[seat];
}

export { signed } from '../kit/score';

/** The moments this skin draws: the board's end (B2-END-1), keyed by the view's revision. */
export const BIGTWO_SKIN_MOMENTS = ['boardEnd'] as const;
export type BigTwoMomentKind = (typeof BIGTWO_SKIN_MOMENTS)[number];

/** A moment of the skin with the revision it happened at (the moments page animates each once). */
export interface BigTwoSkinMoment {
  readonly kind: BigTwoMomentKind;
  readonly seat: B2Seat | null;
  readonly revision: number;
}

/**
 * The latest moment a Big Two view shows: the board's end once the board is over (B2-END-1), who
 * went out, at the view's revision. A play has no turn clock by default (B2-PLAY-8), so a view
 * carries no revision of its last play and the skin names no play moment.
 */
export function latestMoment(view: BigTwoView): BigTwoSkinMoment | null {
  const end = view.lastBoard;
  const board = view.board;
  if (board?.phase !== 'over' || end === null) return null;
  if (end.board !== board.number) return null;
  return { kind: 'boardEnd', seat: end.outSeat, revision: view.revision };
}
