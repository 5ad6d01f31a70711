import type { Lang } from '../../lib/i18n';

/** The player terminal's words: zh-CN for the players, English with lang=en. */
export interface PlayCatalog {
  readonly title: string;
  /** Until the first view names the game: no game's name (a Big Two seat never reads 斗地主). */
  readonly neutralTitle: string;
  readonly seat: (n: string) => string;
  readonly you: string;
  readonly landlord: string;
  readonly defender: string;
  readonly cardsLeft: (n: number) => string;
  readonly reported: string;
  readonly bid: (b: number | 'pass') => string;
  readonly double: string;
  readonly noDouble: string;
  readonly doubled: string;
  readonly notDoubled: string;
  readonly chosen: string;
  readonly redouble: string;
  readonly noRedouble: string;
  readonly play: string;
  readonly pass: string;
  readonly passed: string;
  readonly hint: string;
  readonly clear: string;
  readonly kitty: string;
  readonly multiplier: (n: number) => string;
  readonly board: (n: number) => string;
  readonly phases: Readonly<Record<string, string>>;
  readonly yourTurn: string;
  readonly waiting: string;
  readonly selection: (legal: boolean, type: string | null) => string;
  readonly noPlay: string;
  readonly connection: Readonly<Record<'connecting' | 'open' | 'reconnecting' | 'refused', string>>;
  readonly sending: string;
  readonly noToken: string;
  readonly boardEnd: (board: number, winner: 'landlord' | 'defenders') => string;
  readonly score: string;
  readonly total: string;
  readonly types: Readonly<Record<string, string>>;
}

const typesZh: Record<string, string> = {
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
  rocket: '火箭',
};

const typesEn: Record<string, string> = {
  single: 'single',
  pair: 'pair',
  triple: 'triple',
  tripleWithSingle: 'triple with a single',
  tripleWithPair: 'triple with a pair',
  straight: 'straight',
  pairSequence: 'pair sequence',
  airplane: 'airplane',
  airplaneWithSingles: 'airplane with singles',
  airplaneWithPairs: 'airplane with pairs',
  fourWithTwoSingles: 'four with two singles',
  fourWithTwoPairs: 'four with two pairs',
  bomb: 'bomb',
  rocket: 'rocket',
};

const zh: PlayCatalog = {
  title: '斗地主 · 选手终端',
  neutralTitle: '选手终端',
  seat: (n) => `${String(Number(n) + 1)}号位`,
  you: '我',
  landlord: '地主',
  defender: '农民',
  cardsLeft: (n) => `剩${String(n)}张`,
  reported: '报单',
  bid: (b) => (b === 'pass' ? '不叫' : `${String(b)}分`),
  double: '加倍',
  noDouble: '不加倍',
  doubled: '已加倍',
  notDoubled: '不加倍',
  chosen: '已选择',
  redouble: '再加倍',
  noRedouble: '不再加倍',
  play: '出牌',
  pass: '不出',
  passed: '不出',
  hint: '提示',
  clear: '重选',
  kitty: '底牌',
  multiplier: (n) => `倍数 ${String(n)}`,
  board: (n) => `第${String(n)}副`,
  phases: {
    dealing: '发牌',
    bidding: '叫分',
    doubling: '加倍',
    redoubling: '再加倍',
    play: '出牌',
    over: '本副结束',
  },
  yourTurn: '轮到你了',
  waiting: '等待其他选手',
  selection: (legal, type) => (legal ? `可出：${type ?? ''}` : '所选的牌不是可出的牌型'),
  noPlay: '没有大过上家的牌',
  connection: {
    connecting: '连接中…',
    open: '已连接',
    reconnecting: '连接中断，正在重连…',
    refused: '终端链接无效',
  },
  sending: '提交中…',
  noToken: '链接缺少选手令牌（#token=…）',
  boardEnd: (board, winner) => `第${String(board)}副结束：${winner === 'landlord' ? '地主胜' : '农民胜'}`,
  score: '本副得分',
  total: '累计',
  types: typesZh,
};

const en: PlayCatalog = {
  title: 'Dou Dizhu · player terminal',
  neutralTitle: 'Player terminal',
  seat: (n) => `Seat ${String(Number(n) + 1)}`,
  you: 'you',
  landlord: 'Landlord',
  defender: 'Defender',
  cardsLeft: (n) => `${String(n)} left`,
  reported: 'one card',
  bid: (b) => (b === 'pass' ? 'No bid' : `Bid ${String(b)}`),
  double: 'Double',
  noDouble: 'No double',
  doubled: 'doubled',
  notDoubled: 'no double',
  chosen: 'chosen',
  redouble: 'Redouble',
  noRedouble: 'No redouble',
  play: 'Play',
  pass: 'Pass',
  passed: 'passed',
  hint: 'Hint',
  clear: 'Clear',
  kitty: 'Kitty',
  multiplier: (n) => `×${String(n)}`,
  board: (n) => `Board ${String(n)}`,
  phases: {
    dealing: 'Dealing',
    bidding: 'Bidding',
    doubling: 'Doubling',
    redoubling: 'Redoubling',
    play: 'Play',
    over: 'Board over',
  },
  yourTurn: 'Your turn',
  waiting: 'Waiting for the others',
  selection: (legal, type) => (legal ? `Legal: ${type ?? ''}` : 'These cards are not a legal play'),
  noPlay: 'Nothing beats the last play',
  connection: {
    connecting: 'Connecting…',
    open: 'Connected',
    reconnecting: 'Connection lost, reconnecting…',
    refused: 'This terminal link is not valid',
  },
  sending: 'Sending…',
  noToken: 'The link has no seat token (#token=…)',
  boardEnd: (board, winner) =>
    `Board ${String(board)} over: ${winner === 'landlord' ? 'landlord wins' : 'defenders win'}`,
  score: 'Board score',
  total: 'Total',
  types: typesEn,
};

export const playMessages: Readonly<Record<Lang, PlayCatalog>> = { 'zh-CN': zh, en };
