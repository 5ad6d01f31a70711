import type { Suit } from '@tablecast/cards/view';
import { onAirEn, onAirZh, type OnAirCatalog } from './on-air-messages';
import { producerEn, producerZh, type ProducerCatalog } from './producer/producer-messages';
import type { ConnectionStatus } from './server-connection';

/** Overlays are for Chinese television first: zh-CN unless the URL asks for `lang=en`. */
export type Lang = 'zh-CN' | 'en';

export function resolveLang(requested: string | null): Lang {
  return requested === 'en' ? 'en' : 'zh-CN';
}

interface CardsCatalog {
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
  readonly levelCard: string;
  readonly wildcard: string;
  /** One-character badges drawn on the card itself. */
  readonly levelMark: string;
  readonly wildcardMark: string;
}

interface Catalog {
  readonly serverVersion: string;
  readonly connection: Readonly<Record<ConnectionStatus, string>>;
  readonly cards: CardsCatalog;
  /** On-air overlays and the spectator site, kept in on-air-messages.ts. */
  readonly onAir: OnAirCatalog;
  /** The producer dashboard, kept in producer/producer-messages.ts. */
  readonly producer: ProducerCatalog;
}

/** The one message catalog; every visible string lives here. */
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
      levelCard: '级牌',
      wildcard: '逢人配',
      levelMark: '级',
      wildcardMark: '配',
    },
    onAir: onAirZh,
    producer: producerZh,
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
      levelCard: 'level card',
      wildcard: 'wildcard',
      levelMark: 'L',
      wildcardMark: 'W',
    },
    onAir: onAirEn,
    producer: producerEn,
  },
};
