import type { Lang } from '../i18n';

/** The arbiters' replay page, in zh-CN by default and English with `lang=en`. */
export interface ReplayMessages {
  readonly title: string;
  readonly previous: string;
  readonly next: string;
  readonly jump: string;
  readonly position: (at: number, last: number) => string;
  readonly event: string;
  readonly time: string;
  readonly actor: string;
  readonly retracted: string;
  readonly levels: string;
  readonly hand: (n: number, level: string) => string;
  readonly turn: string;
  readonly trick: string;
  readonly noTrick: string;
  readonly seats: Readonly<Record<'S' | 'E' | 'N' | 'W', string>>;
  readonly penalties: string;
  readonly none: string;
  readonly rescinded: (ruling: string) => string;
  readonly imposed: (ruling: string) => string;
  readonly shown: string;
  readonly noLedger: string;
  readonly audienceShown: (frames: number, revision: number) => string;
  readonly recent: string;
  readonly noToken: string;
  readonly noMatch: string;
}

const zh: ReplayMessages = {
  title: '仲裁回放',
  previous: '◀ 上一步',
  next: '下一步 ▶',
  jump: '跳转',
  position: (at, last) => `第 ${String(at)} / ${String(last)} 条`,
  event: '事件',
  time: '时间',
  actor: '录入人',
  retracted: '（已撤销）',
  levels: '级数',
  hand: (n, level) => `第${String(n)}副 · 打${level}`,
  turn: '轮到',
  trick: '本轮出牌',
  noTrick: '无',
  seats: { S: '南', E: '东', N: '北', W: '西' },
  penalties: '判罚',
  none: '无',
  rescinded: (ruling) => `已由裁决 ${ruling} 撤销`,
  imposed: (ruling) => `裁决 ${ruling} 判罚`,
  shown: '各受众已见',
  noLedger: '本次启动后无披露记录',
  audienceShown: (frames, revision) => `${String(frames)} 帧，至第 ${String(revision)} 条`,
  recent: '之前的事件',
  noToken: '请在地址后加上 #token=仲裁令牌',
  noMatch: '请在地址中加上 ?match=比赛编号',
};

const en: ReplayMessages = {
  title: 'Arbitration replay',
  previous: '◀ Back',
  next: 'Forward ▶',
  jump: 'Jump',
  position: (at, last) => `event ${String(at)} of ${String(last)}`,
  event: 'Event',
  time: 'Time',
  actor: 'Keyed by',
  retracted: ' (retracted)',
  levels: 'Levels',
  hand: (n, level) => `Hand ${String(n)} · playing ${level}`,
  turn: 'Turn',
  trick: 'Trick',
  noTrick: 'none',
  seats: { S: 'South', E: 'East', N: 'North', W: 'West' },
  penalties: 'Penalties',
  none: 'none',
  rescinded: (ruling) => `rescinded by ruling ${ruling}`,
  imposed: (ruling) => `imposed by ruling ${ruling}`,
  shown: 'Shown to each audience',
  noLedger: 'no disclosure ledger since this server started',
  audienceShown: (frames, revision) => `${String(frames)} frames, up to event ${String(revision)}`,
  recent: 'Events before',
  noToken: 'Add #token=<arbiter token> to the address',
  noMatch: 'Add ?match=<match id> to the address',
};

export const replayMessages: Readonly<Record<Lang, ReplayMessages>> = { 'zh-CN': zh, en };
