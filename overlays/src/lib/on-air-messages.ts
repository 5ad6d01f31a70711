/**
 * The on-air frame's and spectator site's strings, part of the one catalog in i18n.ts
 * (`messages[lang].onAir`): only what every game's frame says (the delay, the signal, the deal
 * count, the general rules' sanctions 警告/违例/犯规 of 000 第十六条, the spectator site's header,
 * index and verification). A game's own words (Guandan's places 上游…下游, levels, tribute 抗贡,
 * 双下) are its skin folder's: Guandan's in games/guandan/on-air-words.ts, Dou Dizhu's and Big
 * Two's in their labels.ts. shared-words.spec.ts keeps it so.
 */
export interface OnAirCatalog {
  readonly handNumber: (n: number) => string;
  readonly handsPlayed: (n: number) => string;
  readonly seconds: (s: number) => string;
  readonly sanctions: Readonly<Record<'warning' | 'violation' | 'foul' | 'turnLost', string>>;
  readonly rule: (id: string) => string;
  readonly delay: {
    readonly title: string;
    readonly resumesIn: (s: number) => string;
    /** A raised delay rebuilding: the broadcast was running and goes on, it does not start. */
    readonly continuesIn: (s: number) => string;
    readonly reasons: Readonly<Record<'starting' | 'clock' | 'log' | 'raised', string>>;
  };
  readonly waiting: string;
  readonly matchEnded: (winner: string | null) => string;
  readonly reconnecting: string;
  /** The on-air card while the server is out of reach (lost: clocks stopped; stale: graphics hidden). */
  readonly signalLost: { readonly title: string; readonly lost: string; readonly stale: string };
  readonly noMatch: string;
  readonly watch: {
    /** The page's header: the final of the match's game (its skin's name), or the index's. */
    readonly title: (game: string | null) => string;
    readonly loading: string;
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
  };
}

export const onAirZh: OnAirCatalog = {
  handNumber: (n) => `第${String(n)}副`,
  handsPlayed: (n) => `已打${String(n)}副`,
  seconds: (s) => `${String(s)}秒`,
  sanctions: { warning: '警告', violation: '违例', foul: '犯规', turnLost: '收回出牌·失去出牌权' },
  rule: (id) => `规则 ${id}`,
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
  waiting: '等待比赛开始',
  matchEnded: (winner) => (winner === null ? '比赛结束' : `比赛结束 · ${winner} 获胜`),
  reconnecting: '重连中…',
  signalLost: {
    title: '信号中断',
    lost: '正在重新连接，计时已暂停',
    stale: '正在重新连接，画面为中断前状态',
  },
  noMatch: '网址缺少比赛编号（?match=…）',
  watch: {
    title: (game) => (game === null ? '决赛 · 观赛' : `${game}决赛 · 观赛`),
    loading: '加载中…',
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
    index: {
      title: '比赛',
      live: '正在进行',
      past: '已结束',
      none: '暂无比赛',
      table: (table) => `${table} 桌`,
      waiting: '延时缓冲中，稍后开放',
    },
    otherLang: 'English',
  },
};

export const onAirEn: OnAirCatalog = {
  handNumber: (n) => `Deal ${String(n)}`,
  handsPlayed: (n) => (n === 1 ? '1 deal played' : `${String(n)} deals played`),
  seconds: (s) => `${String(s)} s`,
  sanctions: { warning: 'Warning', violation: 'Violation', foul: 'Foul', turnLost: 'Cards back, turn lost' },
  rule: (id) => `Rule ${id}`,
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
  waiting: 'Waiting for the match to start',
  matchEnded: (winner) => (winner === null ? 'Match over' : `Match over · ${winner} win`),
  reconnecting: 'Reconnecting…',
  signalLost: {
    title: 'Signal lost',
    lost: 'Reconnecting: the clocks are stopped',
    stale: 'Reconnecting: showing the table as it was',
  },
  noMatch: 'The address names no match (?match=…)',
  watch: {
    title: (game) => (game === null ? 'Finals · Watch' : `${game} final · Watch`),
    loading: 'Loading…',
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
    index: {
      title: 'Matches',
      live: 'In progress',
      past: 'Finished',
      none: 'No match yet',
      table: (table) => `Table ${table}`,
      waiting: 'Delay building, opens shortly',
    },
    otherLang: '中文',
  },
};
