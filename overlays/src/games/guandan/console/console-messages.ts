import type { ComboType, Seat } from '@tablecast/guandan/view';
import type { Lang } from '../../../lib/i18n';
import { comboNamesEn, comboNamesZh, seatNames, teamNames } from '../names';
import { phaseNames, type PhaseNames } from './phase-names';

/** The table operator console: it keys Guandan hands, so its words are Guandan’s. */
export interface ConsoleCatalog {
  readonly title: string;
  readonly seats: Readonly<Record<Seat, string>>;
  readonly teams: Readonly<Record<'NS' | 'EW', string>>;
  readonly phases: PhaseNames;
  readonly combos: Readonly<Record<ComboType, string>>;
  readonly places: readonly [string, string, string, string];
  readonly handNumber: (n: number) => string;
  /** `label：value` with the punctuation of the language. */
  readonly labelled: (label: string, value: string) => string;
  readonly colon: string;
  readonly levelOfHand: string;
  readonly teamLevels: string;
  readonly revision: string;
  readonly toAct: string;
  readonly leader: string;
  readonly trick: string;
  readonly passed: string;
  readonly noTrick: string;
  readonly cardsLeft: (n: number) => string;
  readonly legalPlays: string;
  readonly noLegalPlays: string;
  readonly noMatchingPlays: string;
  readonly topPlay: string;
  readonly options: string;
  readonly page: (page: number, pages: number) => string;
  readonly tributeOptions: Readonly<Record<'give' | 'return' | 'resist', (seat: string) => string>>;
  readonly designateOptions: string;
  readonly actions: Readonly<
    Record<'deal' | 'play' | 'pass' | 'giveTribute' | 'returnTribute' | 'designate' | 'clear', string>
  >;
  readonly seedLabel: string;
  readonly seedPlaceholder: string;
  readonly typedLabel: string;
  readonly typedPlaceholder: string;
  readonly keysHelp: string;
  /** Keying corrections (docs/corrections.md): the operator asks, the referee decides. */
  readonly correction: {
    readonly title: string;
    readonly undo: string;
    readonly reason: string;
    readonly pending: (toRevision: number) => string;
    readonly confirm: string;
    readonly reject: string;
    readonly rejectNote: string;
  };
  readonly waitingDeal: string;
  readonly handOver: string;
  readonly matchEnded: string;
  readonly sending: string;
  readonly accepted: (revision: number) => string;
  readonly chooseReading: string;
  readonly readingTop: (combo: string, rank: string) => string;
  readonly readingRun: (combo: string, low: string, high: string, suit: string) => string;
  readonly tokenTitle: string;
  readonly tokenLabel: string;
  readonly tokenSubmit: string;
  readonly noMatch: string;
  readonly signedInAs: (role: string, table: string) => string;
  readonly errors: {
    readonly rejected: string;
    readonly stale: (revision: number) => string;
    readonly unauthorized: string;
    readonly forbidden: string;
    readonly notFound: string;
    readonly badRequest: string;
    readonly network: string;
    readonly notHeld: (faces: string) => string;
    readonly unreadable: (token: string) => string;
    readonly notThisSeat: (seat: string) => string;
    readonly nothingSelected: string;
    readonly oneCard: string;
    readonly cannotPass: string;
    readonly busy: string;
    readonly nothingToUndo: string;
    readonly noPendingCorrection: string;
  };
}

const zh: ConsoleCatalog = {
  title: '牌桌操作台',
  seats: seatNames.zh,
  teams: teamNames.zh,
  phases: phaseNames['zh-CN'],
  combos: { ...comboNamesZh, pairSequence: '木板（三连对）', tripleSequence: '钢板（两连三）' },
  places: ['头游', '二游', '三游', '末游'],
  handNumber: (n) => `第 ${String(n)} 副`,
  labelled: (label, value) => `${label}：${value}`,
  colon: '：',
  levelOfHand: '打',
  teamLevels: '级数',
  revision: '版本',
  toAct: '轮到',
  leader: '领出',
  trick: '本轮',
  passed: '过',
  noTrick: '等待领出',
  cardsLeft: (n) => `${String(n)} 张`,
  legalPlays: '可出的牌',
  noLegalPlays: '没有大过上家的牌，只能过牌（P）',
  noMatchingPlays: '所选的牌不在任何可出的牌型中（Esc 清除）',
  topPlay: '最大',
  options: '可选',
  page: (page, pages) => `第 ${String(page)}/${String(pages)} 页（[ ] 翻页）`,
  tributeOptions: {
    give: (seat) => `${seat}进贡`,
    return: (seat) => `${seat}还贡`,
    resist: (seat) => `${seat}抗贡（持两张大王）`,
  },
  designateOptions: '指定首家出牌者',
  actions: {
    deal: '发牌',
    play: '出牌',
    pass: '过牌',
    giveTribute: '进贡',
    returnTribute: '还贡',
    designate: '指定首家',
    clear: '清除',
  },
  seedLabel: '洗牌种子（可选，留空由服务器生成）',
  seedPlaceholder: '种子',
  typedLabel: '输入牌',
  typedPlaceholder: '如 S5 H5（回车出牌）',
  keysHelp:
    '回车 执行 · P/空格 过牌 · Esc 清除 · 1–9 选择 · [ ] 翻页 · D 发牌 · U 撤销 · Y/N 裁判确认/驳回 · F 申诉登记',
  correction: {
    title: '更正',
    undo: '撤销上一步',
    reason: '操作员撤销上一步录入',
    pending: (toRevision) => `更正待裁判确认：回到版本 ${String(toRevision)}`,
    confirm: '确认更正',
    reject: '驳回',
    rejectNote: '裁判驳回更正',
  },
  waitingDeal: '等待发牌',
  handOver: '本副结束',
  matchEnded: '比赛结束',
  sending: '正在发送…',
  accepted: (revision) => `已接受（版本 ${String(revision)}）`,
  chooseReading: '逢人配有多种解读，请选择（按 a/b/c…，Esc 取消）',
  readingTop: (combo, rank) => `${combo} ${rank}`,
  readingRun: (combo, low, high, suit) => `${combo} ${suit}${low}–${high}`,
  tokenTitle: '操作员登录',
  tokenLabel: '令牌',
  tokenSubmit: '进入',
  noMatch: '网址缺少比赛编号（?match=…）',
  signedInAs: (role, table) => `${role} · ${table}`,
  errors: {
    rejected: '被拒绝',
    stale: (revision) => `状态已被他人更新（版本 ${String(revision)}），已刷新，请核对后重新操作`,
    unauthorized: '令牌无效或缺失，请重新登录',
    forbidden: '此令牌无权操作这张牌桌',
    notFound: '找不到这场比赛',
    badRequest: '请求格式错误',
    network: '与服务器的连接中断，正在重试…',
    notHeld: (faces) => `手中没有：${faces}`,
    unreadable: (token) => `无法识别的牌：${token}`,
    notThisSeat: (seat) => `现在不是${seat}操作`,
    nothingSelected: '请先选牌（点击或按数字键）',
    oneCard: '进贡 / 还贡只选一张牌',
    cannotPass: '现在不能过牌',
    busy: '上一条指令尚未返回',
    nothingToUndo: '本台还没有可撤销的录入',
    noPendingCorrection: '没有待确认的更正',
  },
};

const en: ConsoleCatalog = {
  title: 'Table operator console',
  seats: seatNames.en,
  teams: teamNames.en,
  phases: phaseNames.en,
  combos: comboNamesEn,
  places: ['1st', '2nd', '3rd', '4th'],
  handNumber: (n) => `Deal ${String(n)}`,
  labelled: (label, value) => `${label}: ${value}`,
  colon: ': ',
  levelOfHand: 'Level',
  teamLevels: 'Levels',
  revision: 'Revision',
  toAct: 'To act',
  leader: 'Led by',
  trick: 'Trick',
  passed: 'Pass',
  noTrick: 'Waiting for the lead',
  cardsLeft: (n) => (n === 1 ? '1 card' : `${String(n)} cards`),
  legalPlays: 'Legal plays',
  noLegalPlays: 'Nothing beats the last play: pass (P)',
  noMatchingPlays: 'No legal play uses the selected cards (Esc to clear)',
  topPlay: 'On top',
  options: 'Options',
  page: (page, pages) => `Page ${String(page)}/${String(pages)} ([ ] to turn)`,
  tributeOptions: {
    give: (seat) => `${seat} pays tribute`,
    return: (seat) => `${seat} returns`,
    resist: (seat) => `${seat} refuses tribute (both big jokers)`,
  },
  designateOptions: 'Designate the first leader',
  actions: {
    deal: 'Deal',
    play: 'Play',
    pass: 'Pass',
    giveTribute: 'Give tribute',
    returnTribute: 'Return tribute',
    designate: 'Designate leader',
    clear: 'Clear',
  },
  seedLabel: 'Shuffle seed (optional; blank: the server draws one)',
  seedPlaceholder: 'seed',
  typedLabel: 'Type cards',
  typedPlaceholder: 'e.g. S5 H5 (Enter to play)',
  keysHelp:
    'Enter act · P/Space pass · Esc clear · 1–9 pick · [ ] page · D deal · U undo · Y/N referee confirm/reject · F file appeal',
  correction: {
    title: 'Correction',
    undo: 'Undo last entry',
    reason: 'operator: undo the last keyed command',
    pending: (toRevision) => `Correction waiting for the referee: back to revision ${String(toRevision)}`,
    confirm: 'Confirm correction',
    reject: 'Reject',
    rejectNote: 'rejected by the referee',
  },
  waitingDeal: 'Waiting for the deal',
  handOver: 'Deal over',
  matchEnded: 'Match over',
  sending: 'Sending…',
  accepted: (revision) => `Accepted (revision ${String(revision)})`,
  chooseReading: 'The wildcard can be read several ways: choose one (a/b/c…, Esc to cancel)',
  readingTop: (combo, rank) => `${combo} ${rank}`,
  readingRun: (combo, low, high, suit) => `${combo} ${suit}${low}–${high}`,
  tokenTitle: 'Operator sign-in',
  tokenLabel: 'Token',
  tokenSubmit: 'Enter',
  noMatch: 'The address names no match (?match=…)',
  signedInAs: (role, table) => `${role} · ${table}`,
  errors: {
    rejected: 'Rejected',
    stale: (revision) =>
      `Someone else changed the match (revision ${String(revision)}); refreshed, check and act again`,
    unauthorized: 'Missing or unknown token: sign in again',
    forbidden: 'This token may not operate this table',
    notFound: 'No such match',
    badRequest: 'Malformed request',
    network: 'Lost the connection to the server, retrying…',
    notHeld: (faces) => `Not in hand: ${faces}`,
    unreadable: (token) => `Not a card: ${token}`,
    notThisSeat: (seat) => `${seat} is not to act`,
    nothingSelected: 'Select cards first (click, or a digit key)',
    oneCard: 'Tribute and return take exactly one card',
    cannotPass: 'No pass is possible now',
    busy: 'The last command has not been answered yet',
    nothingToUndo: 'Nothing keyed here to undo yet',
    noPendingCorrection: 'No correction is waiting',
  },
};

/** The console’s strings: zh-CN by default, English with `lang=en`. */
export const consoleMessages: Readonly<Record<Lang, ConsoleCatalog>> = { 'zh-CN': zh, en };
