import type { Suit } from '@tablecast/cards';
import type { ComboType, Reading } from './reading';

/** The Chinese names of the combinations (glossary.md; 000 第四条), for `messageZh`. */
export const COMBO_NAMES_ZH: Readonly<Record<ComboType, string>> = {
  single: '单张',
  pair: '对子',
  triple: '三同张',
  fullHouse: '三带对',
  straight: '顺子',
  pairSequence: '三连对',
  tripleSequence: '三同连张',
  bomb: '炸弹',
  straightFlush: '同花顺',
  fourJokers: '四大天王',
};

const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', C: '♣', D: '♦' };
const RANK_NAMES_ZH: Readonly<Record<string, string>> = { T: '10', BJ: '小王', RJ: '大王' };

/** A reading in Chinese, e.g. `三带对 K`, `同花顺 ♦J`, `炸弹 6（5张）`: no English identifiers. */
export function readingNameZh(reading: Reading): string {
  const rank = reading.rank === undefined ? '' : (RANK_NAMES_ZH[reading.rank] ?? reading.rank);
  const suit = reading.suit === undefined ? '' : SUIT_SYMBOLS[reading.suit];
  const length = reading.type === 'bomb' ? `（${reading.length}张）` : '';
  return `${COMBO_NAMES_ZH[reading.type]}${rank === '' ? '' : ` ${suit}${rank}`}${length}`;
}
