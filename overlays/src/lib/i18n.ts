import type { ConnectionStatus } from './server-connection';

/** Overlays are for Chinese television first: zh-CN unless the URL asks for `lang=en`. */
export type Lang = 'zh-CN' | 'en';

export function resolveLang(requested: string | null): Lang {
  return requested === 'en' ? 'en' : 'zh-CN';
}

interface Catalog {
  readonly serverVersion: string;
  readonly connection: Readonly<Record<ConnectionStatus, string>>;
}

/** The one message catalog; every visible string lives here. */
export const messages: Readonly<Record<Lang, Catalog>> = {
  'zh-CN': {
    serverVersion: '服务器版本',
    connection: { connecting: '正在连接…', open: '已连接', closed: '连接已断开，正在重连…' },
  },
  en: {
    serverVersion: 'Server version',
    connection: { connecting: 'Connecting…', open: 'Connected', closed: 'Disconnected, reconnecting…' },
  },
};
