/**
 * The on-air overlays' and spectator site's strings, part of the one catalog in i18n.ts
 * (`messages[lang].onAir`). Words follow docs/glossary.md: 上游/二游/三游/下游, 抗贡, 双下;
 * sanctions 警告/违例/犯规 (000 第十六条). The names of a game's seats, sides and combinations are
 * the game's own: its skin folder adds them (Guandan's in games/guandan/on-air-words.ts).
 */
export interface OnAirCatalog {
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
    /** A raised delay rebuilding: the broadcast was running and goes on, it does not start. */
    readonly continuesIn: (s: number) => string;
    readonly reasons: Readonly<Record<'starting' | 'clock' | 'log' | 'raised', string>>;
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
  /** The result card at match end, on the table page. */
  readonly result: {
    readonly title: string;
    readonly wins: string;
    readonly noWinner: string;
    readonly finalLevel: (level: string) => string;
  };
  readonly reconnecting: string;
  /** The on-air card while the server is out of reach (lost: clocks stopped; stale: graphics hidden). */
  readonly signalLost: { readonly title: string; readonly lost: string; readonly stale: string };
  readonly noMatch: string;
  readonly watch: {
    /** The page's header: the final of the match's game (its skin's name), or the index's. */
    readonly title: (game: string | null) => string;
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
    /** The feed indicator: live, delayed by N s, the delay building, connecting. */
    readonly feed: {
      readonly live: string;
      readonly delayedBy: (seconds: number) => string;
      readonly building: string;
      readonly connecting: string;
    };
    readonly badge: {
      readonly committed: string;
      readonly verified: string;
      readonly tampered: string;
      readonly showHash: string;
    };
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
    readonly index: {
      readonly title: string;
      readonly live: string;
      readonly past: string;
      readonly none: string;
      readonly table: (table: string) => string;
      readonly waiting: string;
    };
    /** The other language, in its own words (the switch's label). */
    readonly otherLang: string;
    readonly announce: {
      readonly played: (who: string, combo: string, cards: string) => string;
      readonly passed: (who: string) => string;
    };
  };
}

const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

export const onAirZh: OnAirCatalog = {
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
    continuesIn: (s) => `${String(s)}秒后继续`,
    reasons: {
      starting: '直播画面将在安全延时后开始',
      clock: '时钟异常，重新建立延时',
      log: '数据异常，画面暂停',
      raised: '延时已加长，新延时建立后继续',
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
  result: { title: '比赛结束', wins: '获胜', noWinner: '无胜方', finalLevel: (level) => `最终级数 ${level}` },
  reconnecting: '重连中…',
  signalLost: {
    title: '信号中断',
    lost: '正在重新连接，计时已暂停',
    stale: '正在重新连接，画面为中断前状态',
  },
  noMatch: '网址缺少比赛编号（?match=…）',
  watch: {
    title: (game) => (game === null ? '决赛 · 观赛' : `${game}决赛 · 观赛`),
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
    feed: {
      live: '直播',
      delayedBy: (n) => `延时 ${String(n)} 秒`,
      building: '延时缓冲中',
      connecting: '正在连接…',
    },
    badge: {
      committed: '牌序已承诺',
      verified: '已验证',
      tampered: '验证失败',
      showHash: '查看承诺哈希',
    },
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
    index: {
      title: '比赛',
      live: '正在进行',
      past: '已结束',
      none: '暂无比赛',
      table: (table) => `${table} 桌`,
      waiting: '延时缓冲中，稍后开放',
    },
    otherLang: 'English',
    announce: {
      played: (who, combo, cards) => `${who} 出 ${combo}：${cards}`,
      passed: (who) => `${who} 不要`,
    },
  },
};

export const onAirEn: OnAirCatalog = {
  bombOf: (cards) => `${String(cards)}-card bomb`,
  places: ['1st out', '2nd out', '3rd out', 'Last'],
  level: (index) => LEVELS[index] ?? 'past A',
  playing: (level) => `Playing ${level}`,
  handNumber: (n) => `Deal ${String(n)}`,
  handsPlayed: (n) => (n === 1 ? '1 deal played' : `${String(n)} deals played`),
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
    continuesIn: (s) => `Resuming in ${String(s)} s`,
    reasons: {
      starting: 'The broadcast starts after the security delay',
      clock: 'Clock fault: rebuilding the delay',
      log: 'Data fault: the broadcast is paused',
      raised: 'Delay lengthened: resuming once it is rebuilt',
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
  result: {
    title: 'Match over',
    wins: 'win',
    noWinner: 'No winner',
    finalLevel: (level) => `Final level ${level}`,
  },
  reconnecting: 'Reconnecting…',
  signalLost: {
    title: 'Signal lost',
    lost: 'Reconnecting: the clocks are stopped',
    stale: 'Reconnecting: showing the table as it was',
  },
  noMatch: 'The address names no match (?match=…)',
  watch: {
    title: (game) => (game === null ? 'Finals · Watch' : `${game} final · Watch`),
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
    feed: {
      live: 'Live',
      delayedBy: (n) => `delayed ${String(n)} s`,
      building: 'Delay building',
      connecting: 'Connecting…',
    },
    badge: {
      committed: 'Deck committed',
      verified: 'Verified',
      tampered: 'Check failed',
      showHash: 'Show the commitment hash',
    },
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
    index: {
      title: 'Matches',
      live: 'In progress',
      past: 'Finished',
      none: 'No match yet',
      table: (table) => `Table ${table}`,
      waiting: 'Delay building, opens shortly',
    },
    otherLang: '中文',
    announce: {
      played: (who, combo, cards) => `${who} plays ${combo}: ${cards}`,
      passed: (who) => `${who} passes`,
    },
  },
};
