import type { Suit } from '@tablecast/cards/view';
import { onAirEn, onAirZh, type OnAirCatalog } from './on-air-messages';
import type { ConnectionStatus } from './server-connection';

/** Overlays are for Chinese television first: zh-CN unless the URL asks for `lang=en`. */
export type Lang = 'zh-CN' | 'en';

export function resolveLang(requested: string | null): Lang {
  return requested === 'en' ? 'en' : 'zh-CN';
}

/**
 * The words of the shared card: suits and jokers, what every game's cards are. A game's marks on a
 * card, and what they say, are its skin's words (cards/card-mark.ts).
 */
export interface CardsCatalog {
  readonly suits: Readonly<Record<Suit, string>>;
  readonly bigJoker: string;
  readonly smallJoker: string;
  /** Written down the joker's corner, one character per line. */
  readonly jokerIndex: Readonly<Record<'BJ' | 'RJ', string>>;
  /**
   * The same on the broadcast corner (cards/card-corner.ts), whose letters are drawn large enough
   * to read at 1080p: three at most fit the card's height (JKR, not JOKER).
   */
  readonly jokerIndexBroadcast: Readonly<Record<'BJ' | 'RJ', string>>;
}

interface Catalog {
  readonly serverVersion: string;
  readonly connection: Readonly<Record<ConnectionStatus, string>>;
  readonly cards: CardsCatalog;
  /** On-air overlays and the spectator site, kept in on-air-messages.ts. */
  readonly onAir: OnAirCatalog;
}

/**
 * The catalog every page shares. A page's own words live beside it and are imported by that page
 * alone (the producer dashboard's in producer/producer-messages.ts), so an on-air page does not
 * load the dashboard's hundreds of strings.
 */
export const messages: Readonly<Record<Lang, Catalog>> = {
  'zh-CN': {
    serverVersion: '服务器版本',
    connection: { connecting: '正在连接…', open: '已连接', closed: '连接已断开，正在重连…' },
    cards: {
      suits: { S: '黑桃', H: '红心', C: '梅花', D: '方块' },
      bigJoker: '大王',
      smallJoker: '小王',
      jokerIndex: { BJ: '小王', RJ: '大王' },
      jokerIndexBroadcast: { BJ: '小王', RJ: '大王' },
    },
    onAir: onAirZh,
  },
  en: {
    serverVersion: 'Server version',
    connection: { connecting: 'Connecting…', open: 'Connected', closed: 'Disconnected, reconnecting…' },
    cards: {
      suits: { S: '♠', H: '♥', C: '♣', D: '♦' },
      bigJoker: 'Big joker',
      smallJoker: 'Small joker',
      jokerIndex: { BJ: 'JOKER', RJ: 'JOKER' },
      jokerIndexBroadcast: { BJ: 'JKR', RJ: 'JKR' },
    },
    onAir: onAirEn,
  },
};
