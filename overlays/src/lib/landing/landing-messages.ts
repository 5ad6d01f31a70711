import type { Lang } from '../i18n';
import type { LinkKind } from './landing-links';

/** The landing page at `/`, in zh-CN by default and English with `lang=en`. */
export interface LandingMessages {
  readonly title: string;
  readonly intro: string;
  readonly noTables: string;
  readonly table: (name: string) => string;
  readonly status: Readonly<Record<'live' | 'ended', string>>;
  readonly teams: Readonly<Record<'NS' | 'EW', string>>;
  readonly level: string;
  readonly deal: (n: number) => string;
  readonly noDeal: string;
  readonly delayBuilding: (seconds: number) => string;
  readonly delayLive: (seconds: number) => string;
  readonly links: Readonly<Record<LinkKind, string>>;
  readonly publicLinks: string;
  readonly staffLinks: string;
  readonly staffHint: string;
  readonly signedInAs: (role: string) => string;
  readonly badToken: string;
  readonly apiDocs: string;
  readonly unreachable: string;
}

const zh: LandingMessages = {
  title: 'Tablecast 赛事直播',
  intro: '各赛桌的实时状态与页面入口。',
  noTables: '还没有比赛。',
  table: (name) => `赛桌 ${name}`,
  status: { live: '进行中', ended: '已结束' },
  teams: { NS: '南北', EW: '东西' },
  level: '级',
  deal: (n) => `第 ${String(n)} 副`,
  noDeal: '未开始发牌',
  delayBuilding: (s) => `直播延时积累中（${String(s)} 秒）`,
  delayLive: (s) => `直播延时 ${String(s)} 秒，已播出`,
  links: {
    console: '操作台',
    replay: '仲裁回放',
    producer: '导播台',
    watch: '观众网站',
    table: '牌桌画面',
    scorebug: '比分条',
    moments: '精彩时刻',
    standings: '积分榜',
    lowerthird: '字幕条',
  },
  publicLinks: '公开页面',
  staffLinks: '工作人员页面',
  staffHint: '工作人员页面需要令牌：请用带 #token= 的地址打开本页。',
  signedInAs: (role) => `令牌角色：${role}`,
  badToken: '令牌无效，只显示公开页面。',
  apiDocs: 'API 文档',
  unreachable: '无法连接服务器，正在重试…',
};

const en: LandingMessages = {
  title: 'Tablecast',
  intro: 'Every table, its live state and its pages.',
  noTables: 'No match yet.',
  table: (name) => `Table ${name}`,
  status: { live: 'Live', ended: 'Ended' },
  teams: { NS: 'N/S', EW: 'E/W' },
  level: 'level',
  deal: (n) => `Deal ${String(n)}`,
  noDeal: 'Not dealt yet',
  delayBuilding: (s) => `Broadcast delay building (${String(s)} s)`,
  delayLive: (s) => `Broadcast on air, ${String(s)} s behind`,
  links: {
    console: 'Operator console',
    replay: 'Arbitration replay',
    producer: 'Producer dashboard',
    watch: 'Spectator site',
    table: 'Table view',
    scorebug: 'Scorebug',
    moments: 'Moments',
    standings: 'Standings',
    lowerthird: 'Lower third',
  },
  publicLinks: 'Public pages',
  staffLinks: 'Staff pages',
  staffHint: 'Staff pages need a token: open this page with #token= in its address.',
  signedInAs: (role) => `Token role: ${role}`,
  badToken: 'Unknown token: public pages only.',
  apiDocs: 'API docs',
  unreachable: 'Cannot reach the server; retrying…',
};

export const landingMessages: Readonly<Record<Lang, LandingMessages>> = { 'zh-CN': zh, en };
