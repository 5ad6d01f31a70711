import type { Lang } from '../i18n';

/**
 * The words of the console's shell (pages/console): it signs the operator in, learns the match's
 * game and opens that game's console, or, for a game played on the players' terminals, a page that
 * only shows the match. A game's console brings its own words (Guandan's: console-messages.ts).
 */
export interface ConsoleShellMessages {
  readonly title: string;
  readonly tokenTitle: string;
  readonly tokenLabel: string;
  readonly tokenSubmit: string;
  readonly noMatch: string;
  readonly unauthorized: string;
  readonly opening: string;
  readonly terminal: {
    /** Why this match has no keying console. */
    readonly played: string;
    readonly game: string;
    readonly table: string;
    readonly revision: string;
    readonly status: string;
    readonly seat: string;
    readonly player: string;
    readonly refreshed: string;
    readonly offline: (message: string) => string;
  };
}

const zh: ConsoleShellMessages = {
  title: '牌桌操作台',
  tokenTitle: '操作员登录',
  tokenLabel: '令牌',
  tokenSubmit: '进入',
  noMatch: '网址缺少比赛编号（?match=…）',
  unauthorized: '令牌无效或缺失，请重新登录',
  opening: '正在打开比赛…',
  terminal: {
    played: '该比赛由选手终端操作',
    game: '项目',
    table: '牌桌',
    revision: '版本',
    status: '状态',
    seat: '座位',
    player: '选手',
    refreshed: '每隔几秒自动刷新',
    offline: (message) => `读取比赛失败：${message}`,
  },
};

const en: ConsoleShellMessages = {
  title: 'Table operator console',
  tokenTitle: 'Operator sign-in',
  tokenLabel: 'Token',
  tokenSubmit: 'Enter',
  noMatch: 'The address names no match (?match=…)',
  unauthorized: 'Missing or unknown token: sign in again',
  opening: 'Opening the match…',
  terminal: {
    played: 'This match is played on the player terminals',
    game: 'Game',
    table: 'Table',
    revision: 'Revision',
    status: 'Status',
    seat: 'Seat',
    player: 'Player',
    refreshed: 'Refreshed every few seconds',
    offline: (message) => `Could not read the match: ${message}`,
  },
};

export const consoleShellMessages: Readonly<Record<Lang, ConsoleShellMessages>> = { 'zh-CN': zh, en };
