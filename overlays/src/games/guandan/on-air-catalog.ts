import { offenceWordsEn, offenceWordsZh, type OffenceWords } from './offence-words';

/**
 * Guandan's own on-air and spectator words, beside the frame's shared ones (lib/on-air-messages.ts).
 * Words follow docs/glossary.md: 上游/二游/三游/下游, 抗贡, 双下.
 */
export interface GuandanWords {
  /** A bomb is named with its size: 4–10 cards of one rank (GD-COMBO-8). */
  readonly bombOf: (cards: number) => string;
  readonly places: readonly [string, string, string, string];
  /** levelIndex 0…13: 2 … A, then past A (GD-LVL-1). */
  readonly level: (index: number) => string;
  readonly playing: (level: string) => string;
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
  /** The play now winning the trick: the one the next player must beat (GD-CMP-1, GD-PLAY-4). */
  readonly winning: string;
  readonly toPlay: string;
  /** The offence a penalty bug states, by rule ID (offence-words.ts). */
  readonly offences: OffenceWords;
  /** The note the referee typed with a penalty, as the bug quotes it. */
  readonly refereeNote: (note: string) => string;
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
  readonly standings: {
    readonly title: string;
    readonly team: string;
    readonly level: string;
    readonly dealsWon: string;
    readonly doubleDowns: string;
    readonly levelsGained: string;
  };
  /** The result card at match end, on the table page. */
  readonly result: {
    readonly title: string;
    readonly wins: string;
    readonly noWinner: string;
    readonly finalLevel: (level: string) => string;
  };
  /** The spectator site's story of a Guandan match: its deals, tricks and levels. */
  readonly watch: GuandanWatchWords;
}

export interface GuandanWatchWords {
  readonly history: string;
  readonly levelsChart: string;
  readonly deal: string;
  readonly result: string;
  readonly noHistory: string;
  readonly story: {
    readonly open: string;
    readonly loading: string;
    readonly notReleased: string;
    readonly tributes: string;
    readonly noTribute: string;
    readonly antiTribute: (who: string) => string;
    readonly paid: (from: string, to: string, card: string, returned: string | null) => string;
    readonly trick: (n: number) => string;
    readonly won: (who: string) => string;
    readonly wentOut: (who: string, place: string) => string;
    readonly bombs: (n: number) => string;
    readonly bomb: string;
    readonly outOrder: string;
    readonly share: string;
    readonly smallJoker: string;
    readonly bigJoker: string;
  };
  readonly announce: {
    readonly played: (who: string, combo: string, cards: string) => string;
    readonly passed: (who: string) => string;
  };
}

const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const guandanWordsZh: GuandanWords = {
  bombOf: (cards) => `${String(cards)}张炸弹`,
  places: ['上游', '二游', '三游', '下游'],
  level: (index) => LEVELS[index] ?? '过A',
  playing: (level) => `打${level}`,
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
  winning: '当前最大',
  toPlay: '出牌',
  offences: offenceWordsZh,
  refereeNote: (note) => `裁判：${note}`,
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
  standings: {
    title: '本场比分',
    team: '队伍',
    level: '级数',
    dealsWon: '胜副',
    doubleDowns: '双下',
    levelsGained: '升级',
  },
  result: { title: '比赛结束', wins: '获胜', noWinner: '无胜方', finalLevel: (level) => `最终级数 ${level}` },
  watch: {
    history: '牌局记录',
    levelsChart: '级数走势',
    deal: '副',
    result: '结果',
    noHistory: '还没有打完的牌局',
    story: {
      open: '逐墩回看',
      loading: '加载中…',
      notReleased: '本副尚未在转播中公开',
      tributes: '进贡',
      noTribute: '本副无进贡',
      antiTribute: (who) => `抗贡：${who}`,
      paid: (from, to, card, returned) =>
        `${from} 向 ${to} 进贡 ${card}${returned === null ? '' : `，还贡 ${returned}`}`,
      trick: (n) => `第${String(n)}墩`,
      won: (who) => `${who} 收墩`,
      wentOut: (who, place) => `${who} ${place}`,
      bombs: (n) => `${String(n)} 个炸弹`,
      bomb: '炸弹',
      outOrder: '出完顺序',
      share: '本副验证链接',
      smallJoker: '小王',
      bigJoker: '大王',
    },
    announce: {
      played: (who, combo, cards) => `${who} 出 ${combo}：${cards}`,
      passed: (who) => `${who} 不要`,
    },
  },
};

export const guandanWordsEn: GuandanWords = {
  bombOf: (cards) => `${String(cards)}-card bomb`,
  places: ['1st out', '2nd out', '3rd out', 'Last'],
  level: (index) => LEVELS[index] ?? 'past A',
  playing: (level) => `Playing ${level}`,
  format: {
    dealsLeft: (n) => `${String(n)} ${n === 1 ? 'deal' : 'deals'} left`,
    lastDeal: 'Last deal',
    timeLeft: (clock) => `${clock} left`,
    timeUp: 'Time up',
  },
  cardsLeft: (n) => (n === 1 ? '1 card' : `${String(n)} cards`),
  reported: 'Reported',
  pass: 'Pass',
  leader: 'Lead',
  winning: 'Winning',
  toPlay: 'To play',
  offences: offenceWordsEn,
  refereeNote: (note) => `Referee: ${note}`,
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
  standings: {
    title: 'Match standings',
    team: 'Team',
    level: 'Level',
    dealsWon: 'Deals won',
    doubleDowns: 'Double-downs',
    levelsGained: 'Levels gained',
  },
  result: {
    title: 'Match over',
    wins: 'win',
    noWinner: 'No winner',
    finalLevel: (level) => `Final level ${level}`,
  },
  watch: {
    history: 'Deal history',
    levelsChart: 'Levels over time',
    deal: 'Deal',
    result: 'Result',
    noHistory: 'No deal finished yet',
    story: {
      open: 'Trick by trick',
      loading: 'Loading…',
      notReleased: 'Not released on the broadcast yet',
      tributes: 'Tribute',
      noTribute: 'No tribute this deal',
      antiTribute: (who) => `Anti-tribute: ${who}`,
      paid: (from, to, card, returned) =>
        `${from} paid ${card} to ${to}${returned === null ? '' : `, got ${returned} back`}`,
      trick: (n) => `Trick ${String(n)}`,
      won: (who) => `${who} wins`,
      wentOut: (who, place) => `${who}: ${place}`,
      bombs: (n) => `${String(n)} ${n === 1 ? 'bomb' : 'bombs'}`,
      bomb: 'Bomb',
      outOrder: 'Order out',
      share: 'Link to this deal, verified',
      smallJoker: 'small joker',
      bigJoker: 'big joker',
    },
    announce: {
      played: (who, combo, cards) => `${who} plays ${combo}: ${cards}`,
      passed: (who) => `${who} passes`,
    },
  },
};
