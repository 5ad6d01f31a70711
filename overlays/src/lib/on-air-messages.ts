import type { ComboType, Seat, Team } from '@tablecast/guandan';
import { comboNamesEn, comboNamesZh, seatNames, teamNames } from './game-names';

/**
 * The on-air overlays' and spectator site's strings (issue #8), part of the one catalog in i18n.ts
 * (`messages[lang].onAir`). Words follow docs/glossary.md: 上游/二游/三游/下游, 木板,
 * 钢板, 三带对, 四大天王, 抗贡, 双下; sanctions 警告/违例/犯规 (000 第十六条).
 */
export interface OnAirCatalog {
  readonly seats: Readonly<Record<Seat, string>>;
  readonly teams: Readonly<Record<Team, string>>;
  readonly combos: Readonly<Record<ComboType, string>>;
  /** A bomb is named with its size: 4–10 cards of one rank (GD-COMBO-8). */
  readonly bombOf: (cards: number) => string;
  readonly places: readonly [string, string, string, string];
  /** levelIndex 0…13: 2 … A, then past A (GD-LVL-1). */
  readonly level: (index: number) => string;
  readonly playing: (level: string) => string;
  readonly handNumber: (n: number) => string;
  readonly handsPlayed: (n: number) => string;
  /** How far the game has gone under its format (GD-FMT-2…4), on the scorebug. */
  readonly format: {
    readonly dealsLeft: (n: number) => string;
    readonly lastDeal: string;
    /** Time left on the game clock, as `m:ss`. */
    readonly timeLeft: (clock: string) => string;
    /** Time is up: the deal in progress is played to its end (GD-FMT-3/4). */
    readonly timeUp: string;
  };
  readonly cardsLeft: (n: number) => string;
  /** The 10-card report marker (GD-RPT-1). */
  readonly reported: string;
  readonly pass: string;
  readonly leader: string;
  readonly toPlay: string;
  readonly seconds: (s: number) => string;
  readonly sanctions: Readonly<Record<'warning' | 'violation' | 'foul' | 'turnLost', string>>;
  readonly rule: (id: string) => string;
  readonly tribute: {
    readonly title: string;
    readonly gave: (from: string, to: string) => string;
    readonly returned: (from: string, to: string) => string;
    readonly resisted: (seats: string) => string;
    readonly faceDown: string;
  };
  readonly handEnd: {
    readonly title: (n: number) => string;
    readonly doubleDown: string;
    readonly levelUp: (team: string, by: number) => string;
    readonly foul: (team: string) => string;
  };
  readonly delay: {
    readonly title: string;
    readonly resumesIn: (s: number) => string;
    readonly reasons: Readonly<Record<'starting' | 'clock' | 'log', string>>;
  };
  readonly standings: {
    readonly title: string;
    readonly team: string;
    readonly level: string;
    readonly dealsWon: string;
    readonly doubleDowns: string;
    readonly levelsGained: string;
  };
  readonly waiting: string;
  readonly matchEnded: (winner: string | null) => string;
  readonly reconnecting: string;
  readonly noMatch: string;
  readonly watch: {
    readonly title: string;
    readonly history: string;
    readonly levelsChart: string;
    readonly deal: string;
    readonly result: string;
    readonly noHistory: string;
    readonly verify: string;
    readonly verifying: string;
    readonly verified: (n: number) => string;
    readonly tampered: (n: number) => string;
    readonly notRevealed: string;
    readonly commitment: string;
  };
}

const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const onAirZh: OnAirCatalog = {
  seats: seatNames.zh,
  teams: teamNames.zh,
  combos: comboNamesZh,
  bombOf: (cards) => `${String(cards)}张炸弹`,
  places: ['上游', '二游', '三游', '下游'],
  level: (index) => LEVELS[index] ?? '过A',
  playing: (level) => `打${level}`,
  handNumber: (n) => `第${String(n)}副`,
  handsPlayed: (n) => `已打${String(n)}副`,
  format: {
    dealsLeft: (n) => `剩余${String(n)}副`,
    lastDeal: '最后一副',
    timeLeft: (clock) => `剩余时间 ${clock}`,
    timeUp: '时间到',
  },
  cardsLeft: (n) => `${String(n)}张`,
  reported: '报牌',
  pass: '过',
  leader: '首出',
  toPlay: '出牌',
  seconds: (s) => `${String(s)}秒`,
  sanctions: { warning: '警告', violation: '违例', foul: '犯规', turnLost: '收回出牌·失去出牌权' },
  rule: (id) => `规则 ${id}`,
  tribute: {
    title: '进贡 / 还贡',
    gave: (from, to) => `${from} 进贡给 ${to}`,
    returned: (from, to) => `${from} 还贡给 ${to}`,
    resisted: (seats) => `${seats} 持两张大王，抗贡`,
    faceDown: '暗牌',
  },
  handEnd: {
    title: (n) => `第${String(n)}副结束`,
    doubleDown: '双下',
    levelUp: (team, by) => `${team} 升${String(by)}级`,
    foul: (team) => `${team} 犯规判负`,
  },
  delay: {
    title: '安全延时建立中',
    resumesIn: (s) => `${String(s)}秒后开始`,
    reasons: {
      starting: '直播画面将在安全延时后开始',
      clock: '时钟异常，重新建立延时',
      log: '数据异常，画面暂停',
    },
  },
  standings: {
    title: '本场比分',
    team: '队伍',
    level: '级数',
    dealsWon: '胜副',
    doubleDowns: '双下',
    levelsGained: '升级',
  },
  waiting: '等待比赛开始',
  matchEnded: (winner) => (winner === null ? '比赛结束' : `比赛结束 · ${winner} 获胜`),
  reconnecting: '重连中…',
  noMatch: '网址缺少比赛编号（?match=…）',
  watch: {
    title: '掼蛋决赛 · 观赛',
    history: '牌局记录',
    levelsChart: '级数走势',
    deal: '副',
    result: '结果',
    noHistory: '还没有打完的牌局',
    verify: '验证本副牌',
    verifying: '正在验证…',
    verified: (n) => `第${String(n)}副：公开的牌序与赛前承诺一致`,
    tampered: (n) => `第${String(n)}副：牌序与承诺不一致！`,
    notRevealed: '本副牌的牌序尚未公开',
    commitment: '牌序承诺',
  },
};

export const onAirEn: OnAirCatalog = {
  seats: seatNames.en,
  teams: teamNames.en,
  combos: comboNamesEn,
  bombOf: (cards) => `${String(cards)}-card bomb`,
  places: ['1st out', '2nd out', '3rd out', 'Last'],
  level: (index) => LEVELS[index] ?? 'past A',
  playing: (level) => `Playing ${level}`,
  handNumber: (n) => `Deal ${String(n)}`,
  handsPlayed: (n) => `${String(n)} deals played`,
  format: {
    dealsLeft: (n) => `${String(n)} ${n === 1 ? 'deal' : 'deals'} left`,
    lastDeal: 'Last deal',
    timeLeft: (clock) => `${clock} left`,
    timeUp: 'Time up',
  },
  cardsLeft: (n) => `${String(n)} cards`,
  reported: 'Reported',
  pass: 'Pass',
  leader: 'Lead',
  toPlay: 'To play',
  seconds: (s) => `${String(s)} s`,
  sanctions: { warning: 'Warning', violation: 'Violation', foul: 'Foul', turnLost: 'Cards back, turn lost' },
  rule: (id) => `Rule ${id}`,
  tribute: {
    title: 'Tribute exchange',
    gave: (from, to) => `${from} pays tribute to ${to}`,
    returned: (from, to) => `${from} returns a card to ${to}`,
    resisted: (seats) => `${seats} hold both big jokers: no tribute`,
    faceDown: 'face down',
  },
  handEnd: {
    title: (n) => `Deal ${String(n)} over`,
    doubleDown: 'Double-down',
    levelUp: (team, by) => `${team} up ${String(by)}`,
    foul: (team) => `${team} lose the deal by a foul`,
  },
  delay: {
    title: 'Building the broadcast delay',
    resumesIn: (s) => `Starting in ${String(s)} s`,
    reasons: {
      starting: 'The broadcast starts after the security delay',
      clock: 'Clock fault: rebuilding the delay',
      log: 'Data fault: the broadcast is paused',
    },
  },
  standings: {
    title: 'Match standings',
    team: 'Team',
    level: 'Level',
    dealsWon: 'Deals won',
    doubleDowns: 'Double-downs',
    levelsGained: 'Levels gained',
  },
  waiting: 'Waiting for the match to start',
  matchEnded: (winner) => (winner === null ? 'Match over' : `Match over · ${winner} win`),
  reconnecting: 'Reconnecting…',
  noMatch: 'The address names no match (?match=…)',
  watch: {
    title: 'Guandan final · Watch',
    history: 'Deal history',
    levelsChart: 'Levels over time',
    deal: 'Deal',
    result: 'Result',
    noHistory: 'No deal finished yet',
    verify: 'Verify this deal',
    verifying: 'Verifying…',
    verified: (n) => `Deal ${String(n)}: the revealed order matches the commitment`,
    tampered: (n) => `Deal ${String(n)}: the order does NOT match the commitment!`,
    notRevealed: 'The order of this deal is not revealed yet',
    commitment: 'Deck commitment',
  },
};
