import type { Lang } from '../i18n';

export interface TournamentCatalog {
  readonly standings: string;
  readonly rank: string;
  readonly entrant: string;
  readonly unit: string;
  readonly matchPoints: string;
  readonly levelPoints: string;
  readonly played: string;
  readonly tiebreakOrder: string;
  /** A duplicate event's standings (Dou Dizhu, Big Two): players ranked by S (TRN-MP-5). */
  readonly player: string;
  readonly finalScore: string;
  readonly boards: string;
  /** The tie-break values that placed a row among equal S (TRN-TB-4, TRN-TB-5). */
  readonly tiebreak: string;
  /** Seconds of play time, as the documents print them ("220s"). */
  readonly seconds: (value: string) => string;
  readonly round: (n: number) => string;
  /** A session (局) of a round of several (TRN-MOVE-6): the round, then the session within it. */
  readonly roundSession: (round: number, session: number) => string;
  /** Between two sessions (TRN-MOVE-6): the session played next, before it is paired. */
  readonly nextSession: (round: number, session: number) => string;
  readonly pairings: string;
  readonly nextRound: (n: number) => string;
  /** The pairings of a session of a round of several (TRN-MOVE-6). */
  readonly sessionPairings: (round: number, session: number) => string;
  readonly table: (n: number | null) => string;
  readonly bye: string;
  readonly vs: string;
  readonly forfeit: string;
  readonly otherTables: string;
  /** A partnership table's sides, as the ticker names where each entrant sits. */
  readonly sides: Readonly<Record<'NS' | 'EW', string>>;
  readonly bracket: string;
  readonly rounds: string;
  readonly tables: string;
  readonly watch: string;
  readonly live: string;
  readonly ended: string;
  readonly notStarted: string;
  readonly deals: (n: number) => string;
  /** How far a duplicate table is through its round's board set (TRN-MP-1). */
  readonly boardsDealt: (dealt: number, total: number) => string;
  readonly unpublished: string;
  readonly noTournament: string;
  readonly connecting: string;
  readonly noRounds: string;
  /** A best-of knockout round's format (TRN-KO-5 (b)): best of 3 or 5. */
  readonly bestOf: (n: number) => string;
  /** The running score in games, as read out ("1:1"). */
  readonly gamesScore: (a: number, b: number) => string;
  /** The extra deal on top of a level deciding game (TRN-KO-4), while it is played. */
  readonly extraDeal: string;
  /** Which game of the round is being played. */
  readonly gameOf: (n: number) => string;
}

const zh: TournamentCatalog = {
  standings: '名次表',
  rank: '名次',
  entrant: '参赛队',
  unit: '单位',
  matchPoints: '场分',
  levelPoints: '级差分',
  played: '已赛',
  tiebreakOrder: '同分排序',
  // 002/001 附录二: 牌手, 本轮比赛的最终成绩 S, 累计 N 副牌, 去同分规则, 出牌用时 "220s".
  player: '牌手',
  finalScore: '最终成绩S',
  boards: '副数',
  tiebreak: '去同分',
  seconds: (value) => `${value}s`,
  round: (n) => `第${String(n)}轮`,
  roundSession: (round, session) => `第${String(round)}轮 第${String(session)}局`,
  nextSession: (round, session) => `下一局：第${String(round)}轮 第${String(session)}局`,
  pairings: '对阵表',
  nextRound: (n) => `第${String(n)}轮对阵`,
  sessionPairings: (round, session) => `第${String(round)}轮 第${String(session)}局对阵`,
  table: (n) => (n === null ? '待定桌' : `${String(n)}号桌`),
  bye: '轮空',
  vs: '对',
  forfeit: '弃权',
  otherTables: '其他赛桌',
  sides: { NS: '南北', EW: '东西' },
  bracket: '淘汰赛对阵图',
  rounds: '各轮',
  tables: '赛桌',
  watch: '观看',
  live: '进行中',
  ended: '已结束',
  notStarted: '未开始',
  deals: (n) => `已打${String(n)}副`,
  boardsDealt: (dealt, total) => `已发${String(dealt)}/${String(total)}副`,
  unpublished: '未公布',
  noTournament: '请在网址中加入 tournament=赛事编号',
  connecting: '正在连接…',
  noRounds: '尚未编排',
  bestOf: (n) => `${String(n)}局${String((n + 1) / 2)}胜`,
  gamesScore: (a, b) => `${String(a)}:${String(b)}`,
  extraDeal: '加赛一副',
  gameOf: (n) => `第${String(n)}局`,
};

const en: TournamentCatalog = {
  standings: 'Standings',
  rank: 'Rank',
  entrant: 'Pair',
  unit: 'Unit',
  matchPoints: 'MP',
  levelPoints: 'LP',
  played: 'Played',
  tiebreakOrder: 'Tie-break order',
  player: 'Player',
  finalScore: 'Final score S',
  boards: 'Boards',
  tiebreak: 'Tie-break',
  seconds: (value) => `${value} s`,
  round: (n) => `Round ${String(n)}`,
  roundSession: (round, session) => `Round ${String(round)}, session ${String(session)}`,
  nextSession: (round, session) => `Next: round ${String(round)}, session ${String(session)}`,
  pairings: 'Pairings',
  nextRound: (n) => `Round ${String(n)} pairings`,
  sessionPairings: (round, session) => `Round ${String(round)}, session ${String(session)} pairings`,
  table: (n) => (n === null ? 'Table TBA' : `Table ${String(n)}`),
  bye: 'Bye',
  vs: 'vs',
  forfeit: 'forfeit',
  otherTables: 'Other tables',
  sides: { NS: 'N/S', EW: 'E/W' },
  bracket: 'Knockout bracket',
  rounds: 'Rounds',
  tables: 'Tables',
  watch: 'Watch',
  live: 'live',
  ended: 'ended',
  notStarted: 'not started',
  deals: (n) => (n === 1 ? '1 deal played' : `${String(n)} deals played`),
  boardsDealt: (dealt, total) => `${String(dealt)}/${String(total)} boards dealt`,
  unpublished: 'not published',
  noTournament: 'Add tournament=<event id> to the address',
  connecting: 'Connecting…',
  noRounds: 'Not paired yet',
  bestOf: (n) => `Best of ${String(n)}`,
  gamesScore: (a, b) => `${String(a)}:${String(b)}`,
  extraDeal: 'extra deal',
  gameOf: (n) => `game ${String(n)}`,
};

export const tournamentMessages: Readonly<Record<Lang, TournamentCatalog>> = { 'zh-CN': zh, en };
