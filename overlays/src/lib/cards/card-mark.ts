import type { Face } from '@tablecast/cards/view';

/**
 * A game's mark on a card face: a one-character badge in the card's lower-left corner, its colour,
 * and the words a screen reader says after the card's name. The shared card only draws the mark a
 * game's skin hands it: which cards carry one, and what it says, are the game's rules and words
 * (Guandan's: games/guandan/card-marks.ts).
 */
export interface CardMark {
  /** One character, drawn white on the badge. */
  readonly badge: string;
  /** The badge's fill; a framed card's frame too. */
  readonly colour: string;
  /** Said after the card's name, in brackets: 红心5 (…). */
  readonly label: string;
  /** Drawn with a heavy frame in the badge's colour (a card that stands for others). */
  readonly framed: boolean;
}

/** The mark a game draws on each face, in the page's language; null for a plain face. */
export type CardMarks = (face: Face) => CardMark | null;

/** No card carries a mark (a game without marked cards, or between deals). */
export const NO_MARKS: CardMarks = () => null;

/** What a mark looks and reads like, as a key: two marks with the same key draw the same card. */
export function markKey(mark: CardMark | null): string {
  return mark === null ? '' : `${mark.badge}|${mark.colour}|${mark.framed ? 'framed' : ''}|${mark.label}`;
}

/** A face as a game marks it, for the on-air pages to make its bitmap ahead (card-bitmaps.ts). */
export interface MarkedFace {
  readonly face: Face;
  readonly mark: CardMark;
}
