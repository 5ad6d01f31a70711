import type { Face } from '@tablecast/cards/view';
import { messages, type Lang } from '../i18n';
import { cardLook } from './card-look';
import type { CardMark } from './card-mark';

/** What a screen reader says for a card: 红心5, 大王, and a game's mark after it (红心5 (…)). */
export function cardLabel(face: Face, mark: CardMark | null, lang: Lang): string {
  const look = cardLook(face);
  const text = messages[lang].cards;
  const name =
    look.joker !== null
      ? look.joker === 'RJ'
        ? text.bigJoker
        : text.smallJoker
      : `${look.suit === null ? '' : text.suits[look.suit]}${look.rankLabel}`;
  return mark === null ? name : `${name} (${mark.label})`;
}
