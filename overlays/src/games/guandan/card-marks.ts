import { RANKS, SUITS, isJoker, rankOf, suitOf, type Face, type Rank } from '@tablecast/cards/view';
import type { CardMark, CardMarks, MarkedFace } from '../../lib/cards/card-mark';
import type { Lang } from '../../lib/i18n';

/** Guandan's words on a card: the level card and the heart level card, and their one-character badges. */
interface CardMarkWords {
  readonly levelCard: string;
  readonly wildcard: string;
  readonly levelMark: string;
  readonly wildcardMark: string;
}

export const cardMarkWords: Readonly<Record<Lang, CardMarkWords>> = {
  'zh-CN': { levelCard: '级牌', wildcard: '逢人配', levelMark: '级', wildcardMark: '配' },
  en: { levelCard: 'level card', wildcard: 'wildcard', levelMark: 'L', wildcardMark: 'W' },
};

/** Every card of the level rank is a level card (级牌, GD-LVL-3). */
export function isLevelCard(face: Face, level: Rank | null): boolean {
  return level !== null && !isJoker(face) && rankOf(face) === level;
}

/** The heart level card stands for any non-joker card (逢人配, GD-WILD-1). */
export function isWildcard(face: Face, level: Rank | null): boolean {
  return !isJoker(face) && suitOf(face) === 'H' && isLevelCard(face, level);
}

function marksOf(level: Rank | null, lang: Lang): CardMarks {
  const words = cardMarkWords[lang];
  // Built once per level and language: every card of a deal is drawn with the same two marks.
  const wildcard: CardMark = {
    badge: words.wildcardMark,
    colour: '#7b2cbf',
    label: words.wildcard,
    framed: true,
  };
  const levelCard: CardMark = {
    badge: words.levelMark,
    colour: '#b8860b',
    label: words.levelCard,
    framed: false,
  };
  return (face) => (isWildcard(face, level) ? wildcard : isLevelCard(face, level) ? levelCard : null);
}

const made = new Map<string, CardMarks>();

/**
 * Guandan's marks on the shared card for a deal at `level` (null between deals: no card is
 * marked): 级 on the level cards, 配 and a heavy purple frame on the heart level card. One function
 * per level and language, the same object each time: a card row handed it again on every frame
 * re-draws nothing until the level changes.
 */
export function guandanCardMarks(level: Rank | null, lang: Lang): CardMarks {
  const key = `${level ?? '-'}|${lang}`;
  let marks = made.get(key);
  if (marks === undefined) {
    marks = marksOf(level, lang);
    made.set(key, marks);
  }
  return marks;
}

/**
 * The level cards of every level, in the order a match climbs the levels (2 up to A), suit by
 * suit: the on-air pages make their bitmaps in idle time, before a deal first shows them
 * (lib/cards/card-bitmaps.ts).
 */
export function guandanMarkedFaces(lang: Lang): MarkedFace[] {
  return RANKS.flatMap((level) => {
    const marks = guandanCardMarks(level, lang);
    return SUITS.flatMap((suit) => {
      const face: Face = `${suit}${level}`;
      const mark = marks(face);
      return mark === null ? [] : [{ face, mark }];
    });
  });
}
