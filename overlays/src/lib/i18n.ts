import type { Suit } from '@tablecast/cards/view';
import { onAirEn, onAirZh, type OnAirCatalog } from './on-air-messages';
import { producerEn, producerZh, type ProducerCatalog } from './producer/producer-messages';
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
    },
    onAir: onAirEn,
    producer: producerEn,
  },
};
