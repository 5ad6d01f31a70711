import type { Lang } from '../../lib/i18n';

/** The commentator page's own words, whichever game it shows. */
export const pageWords: Readonly<
  Record<
    Lang,
    {
      readonly title: string;
      readonly noMatch: string;
      /** Following a table (or the table on program) that has no match now. */
      readonly noMatchAtTable: string;
      readonly waiting: string;
      readonly delayBuilding: string;
      readonly notAvailable: (game: string) => string;
      readonly refused: string;
      readonly offline: string;
      readonly signIn: { readonly title: string; readonly label: string; readonly submit: string };
    }
  >
> = {
  'zh-CN': {
    title: '解说席',
    noMatch: '地址中未指定比赛或球桌（?match=… 或 ?table=…）',
    noMatchAtTable: '该桌暂无比赛，开赛后自动显示',
    waiting: '等待解说信号…',
    delayBuilding: '延时缓冲中，稍后显示',
    notAvailable: (game) => `解说席暂不支持此游戏（${game}）`,
    refused: '此令牌无权查看解说信号',
    offline: '与服务器的连接中断，正在重试…',
    signIn: { title: '解说席登录', label: '工作人员令牌', submit: '进入' },
  },
  en: {
    title: 'Commentary',
    noMatch: 'The address names no match or table (?match=… or ?table=…)',
    noMatchAtTable: 'No match at this table yet; it shows as soon as one starts',
    waiting: 'Waiting for the commentary feed…',
    delayBuilding: 'The delay is building; the board follows shortly',
    notAvailable: (game) => `The commentator board is not available for this game (${game})`,
    refused: 'This token may not open the commentary feed',
    offline: 'Lost the server; retrying…',
    signIn: { title: 'Commentary sign-in', label: 'Staff token', submit: 'Open' },
  },
};
