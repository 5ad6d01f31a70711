import type { Bid, DdzSeat, DoudizhuBoardView, DoudizhuView, PlayReading } from '@tablecast/doudizhu/view';
import { doudizhuWords } from './game-words';

/** The words of the Dou Dizhu skin: zh-CN on air by default, English with `lang=en`. */
export interface DoudizhuCatalog {
  readonly gameName: string;
  /** Seat names by seat id, in playing order (DDZ-GEN-4). */
  readonly seats: Readonly<Record<'0' | '1' | '2', string>>;
  readonly standings: string;
  readonly matchOver: string;
  readonly landlord: string;
  readonly peasant: string;
  readonly boardNumber: (n: number) => string;
  readonly boardsPlayed: (n: number) => string;
  readonly bid: string;
  readonly bidPoints: (bid: number) => string;
  readonly noBid: string;
  readonly multiplier: string;
  readonly bombs: string;
  readonly kitty: string;
  readonly cardsLeft: (n: number) => string;
  /** DDZ-PLAY-5: the one-card report. */
  readonly reported: string;
  readonly pass: string;
  readonly bids: Readonly<Record<'pass' | '1' | '2' | '3', string>>;
  readonly doubled: string;
  readonly notDoubled: string;
  /** DDZ-DBL-1: chosen, still sealed. */
  readonly doubleSealed: string;
  readonly redoubled: string;
  readonly total: string;
  /** TRN-TB-4/5: the player's own play time over the match, then on the board, as `m:ss`. */
  readonly playTime: (clock: string) => string;
  readonly boardTime: (clock: string) => string;
  readonly phases: Readonly<Record<DoudizhuBoardView['phase'], string>>;
  readonly toAct: string;
  readonly combos: Readonly<Record<PlayReading['type'], string>>;
  readonly moments: Readonly<Record<DoudizhuMomentKind, string>>;
  readonly momentLines: Readonly<Record<'spring' | 'antiSpring', string>>;
  readonly boardEnd: {
    readonly title: (n: number) => string;
    readonly landlordWins: string;
    readonly peasantsWin: string;
    /** The factor names of DDZ-SCORE-1…4, as the formula reads: bid × W × 2^n. */
    readonly bidFactor: string;
    readonly wFactor: string;
    readonly doublingFactor: string;
    readonly nTerms: Readonly<
      Record<'rockets' | 'bombs' | 'spring' | 'antiSpring' | 'doubled' | 'redoubled', string>
    >;
  };
}

export const doudizhuZh: DoudizhuCatalog = {
  gameName: doudizhuWords.labels['zh-CN'].name,
  seats: doudizhuWords.labels['zh-CN'].seats,
  standings: '积分榜',
  matchOver: '比赛结束',
  landlord: '地主',
  peasant: '农民',
  boardNumber: (n) => `第${String(n)}副`,
  boardsPlayed: (n) => `已打${String(n)}副`,
  bid: '叫分',
  bidPoints: (bid) => `${String(bid)}分`,
  noBid: '未叫',
  multiplier: '倍数',
  bombs: '炸弹',
  kitty: '底牌',
  cardsLeft: (n) => `${String(n)}张`,
  reported: '报单',
  pass: '不出',
  bids: { pass: '不叫', '1': '1分', '2': '2分', '3': '3分' },
  doubled: '加倍',
  notDoubled: '不加倍',
  doubleSealed: '已选择',
  redoubled: '再加倍',
  total: '累计',
  playTime: (clock) => `用时 ${clock}`,
  boardTime: (clock) => `本副 ${clock}`,
  phases: {
    dealing: '发牌',
    bidding: '叫分',
    doubling: '加倍',
    redoubling: '再加倍',
    play: '出牌',
    over: '本副结束',
  },
  toAct: '行动中',
  combos: {
    single: '单张',
    pair: '对子',
    triple: '三张',
    tripleWithSingle: '三带一',
    tripleWithPair: '三带二',
    straight: '顺子',
    pairSequence: '连对',
    airplane: '飞机',
    airplaneWithSingles: '飞机带单',
    airplaneWithPairs: '飞机带对',
    fourWithTwoSingles: '四带二',
    fourWithTwoPairs: '四带两对',
    bomb: '炸弹',
    rocket: '王炸',
  },
  moments: { bomb: '炸弹', rocket: '王炸', spring: '春天', antiSpring: '反春' },
  momentLines: { spring: '地主一手未让，两家农民一张未出', antiSpring: '地主只出了首轮一手' },
  boardEnd: {
    title: (n) => `第${String(n)}副 结算`,
    landlordWins: '地主胜',
    peasantsWin: '农民胜',
    bidFactor: '叫分',
    wFactor: '胜负系数 W',
    doublingFactor: '加倍系数 2ⁿ',
    nTerms: {
      rockets: '王炸',
      bombs: '炸弹',
      spring: '春天',
      antiSpring: '反春',
      doubled: '加倍',
      redoubled: '再加倍',
    },
  },
};

export const doudizhuEn: DoudizhuCatalog = {
  gameName: doudizhuWords.labels.en.name,
  seats: doudizhuWords.labels.en.seats,
  standings: 'Standings',
  matchOver: 'Match over',
  landlord: 'Landlord',
  peasant: 'Peasant',
  boardNumber: (n) => `Board ${String(n)}`,
  boardsPlayed: (n) => (n === 1 ? '1 board played' : `${String(n)} boards played`),
  bid: 'Bid',
  bidPoints: (bid) => `${String(bid)} pt${bid === 1 ? '' : 's'}`,
  noBid: 'No bid',
  multiplier: 'Multiplier',
  bombs: 'Bombs',
  kitty: 'Kitty',
  cardsLeft: (n) => `${String(n)} cards`,
  reported: 'Last card',
  pass: 'Pass',
  bids: { pass: 'No bid', '1': '1', '2': '2', '3': '3' },
  doubled: 'Doubled',
  notDoubled: 'No double',
  doubleSealed: 'Chosen',
  redoubled: 'Redoubled',
  total: 'Total',
  playTime: (clock) => `Time ${clock}`,
  boardTime: (clock) => `board ${clock}`,
  phases: {
    dealing: 'Dealing',
    bidding: 'Bidding',
    doubling: 'Doubling',
    redoubling: 'Redoubling',
    play: 'Play',
    over: 'Board over',
  },
  toAct: 'to act',
  combos: {
    single: 'Single',
    pair: 'Pair',
    triple: 'Triple',
    tripleWithSingle: 'Triple + 1',
    tripleWithPair: 'Triple + pair',
    straight: 'Straight',
    pairSequence: 'Pair sequence',
    airplane: 'Airplane',
    airplaneWithSingles: 'Airplane + singles',
    airplaneWithPairs: 'Airplane + pairs',
    fourWithTwoSingles: 'Four + 2',
    fourWithTwoPairs: 'Four + 2 pairs',
    bomb: 'Bomb',
    rocket: 'Rocket',
  },
  moments: { bomb: 'Bomb', rocket: 'Rocket', spring: 'Spring', antiSpring: 'Anti-spring' },
  momentLines: {
    spring: 'The landlord went out before either peasant played a card',
    antiSpring: 'The landlord played only his opening lead',
  },
  boardEnd: {
    title: (n) => `Board ${String(n)}: the score`,
    landlordWins: 'Landlord wins',
    peasantsWin: 'Peasants win',
    bidFactor: 'Bid',
    wFactor: 'Win factor W',
    doublingFactor: 'Doubling 2ⁿ',
    nTerms: {
      rockets: 'Rockets',
      bombs: 'Bombs',
      spring: 'Spring',
      antiSpring: 'Anti-spring',
      doubled: 'Doubled',
      redoubled: 'Redoubled',
    },
  },
};

export type DoudizhuLang = 'zh-CN' | 'en';

/** The moments this skin draws, as the module names them (doudizhuMoments). */
export const DOUDIZHU_SKIN_MOMENTS = ['bomb', 'rocket', 'spring', 'antiSpring'] as const;
export type DoudizhuMomentKind = (typeof DOUDIZHU_SKIN_MOMENTS)[number];

export function isSkinMoment(kind: string): kind is DoudizhuMomentKind {
  return (DOUDIZHU_SKIN_MOMENTS as readonly string[]).includes(kind);
}

/** The seats in playing order (DDZ-GEN-4: 0 → 1 → 2). */
export const DDZ_SKIN_SEATS: readonly DdzSeat[] = [0, 1, 2];

export function doudizhuText(lang: DoudizhuLang): DoudizhuCatalog {
  return lang === 'en' ? doudizhuEn : doudizhuZh;
}

/** A seat's colour on air: the landlord gold, the two peasants blue and green, by seat. */
export function seatColour(view: DoudizhuView, seat: DdzSeat): string {
  if (view.board?.landlord === seat || (view.board === null && view.lastBoard?.landlord === seat))
    return '#f2b632';
  return ['#d7263d', '#1b6fd1', '#2a9d5b'][seat] ?? '#aab3c5';
}

/** The landlord of the board on air: the one in play, else the last one that ended. */
export function landlordOf(view: DoudizhuView): DdzSeat | null {
  return view.board?.landlord ?? view.lastBoard?.landlord ?? null;
}

export { signed } from '../kit/score';

/** A bid as the table says it: 不叫 or its points (DDZ-BID-*). */
export function bidWord(bid: Bid, text: DoudizhuCatalog): string {
  return bid === 'pass' ? text.bids.pass : text.bids[String(bid) as '1' | '2' | '3'];
}

type LastBoard = NonNullable<DoudizhuView['lastBoard']>;
export type NTerm = keyof DoudizhuCatalog['boardEnd']['nTerms'];

/**
 * The terms of one defender's n as DDZ-SCORE-4 names them (rockets + bombs + spring + antiSpring
 * + d + d × r), read off the board's result; only the ones that count, in the formula's order.
 */
export function nTerms(
  last: LastBoard,
  doubled: boolean,
): { readonly term: NTerm; readonly value: number }[] {
  const d = doubled ? 1 : 0;
  const all: { term: NTerm; value: number }[] = [
    { term: 'rockets', value: last.rockets },
    { term: 'bombs', value: last.bombs },
    { term: 'spring', value: last.spring ? 1 : 0 },
    { term: 'antiSpring', value: last.antiSpring ? 1 : 0 },
    { term: 'doubled', value: d },
    { term: 'redoubled', value: d * (last.redoubled ? 1 : 0) },
  ];
  return all.filter((t) => t.value !== 0);
}

/** `炸弹 1 + 加倍 1`: n's terms as the card spells them, `0` when none counts. */
export function nTermsText(last: LastBoard, doubled: boolean, text: DoudizhuCatalog): string {
  const terms = nTerms(last, doubled);
  if (terms.length === 0) return '0';
  return terms.map((t) => `${text.boardEnd.nTerms[t.term]} ${String(t.value)}`).join(' + ');
}

/** A moment of the skin with the revision it happened at (the moments page animates each once). */
export interface DoudizhuSkinMoment {
  readonly kind: DoudizhuMomentKind;
  readonly seat: DdzSeat | null;
  readonly revision: number;
}

/**
 * The latest moment a Dou Dizhu view shows, as the module names them (doudizhuMoments): a bomb or
 * the rocket while it is the last play and nobody has passed it yet, keyed by the turn clock's
 * start (the clock restarts at every play, so that is the play's revision); spring or anti-spring
 * once the board is over (DDZ-END-2/3), keyed by the view's revision.
 */
export function latestMoment(view: DoudizhuView): DoudizhuSkinMoment | null {
  const board = view.board;
  if (board === null) return null;
  const last = board.trick?.last ?? null;
  if (board.phase === 'play' && last !== null && board.trick?.passes === 0 && board.clock !== null) {
    if (last.as.type === 'bomb' || last.as.type === 'rocket')
      return { kind: last.as.type, seat: last.seat, revision: board.clock.since };
  }
  const end = view.lastBoard;
  if (board.phase === 'over' && end !== null && (end.spring || end.antiSpring))
    return { kind: end.spring ? 'spring' : 'antiSpring', seat: end.landlord, revision: view.revision };
  return null;
}

/** The seat a lower third names (`&seat=0`…), or null for one this game has not. */
export function asDdzSeat(seat: string): DdzSeat | null {
  return seat === '0' ? 0 : seat === '1' ? 1 : seat === '2' ? 2 : null;
}
