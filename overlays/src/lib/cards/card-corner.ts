/**
 * Where a card draws its corner (index, small pip, a game's badge) and its centre pip, in the card's
 * 60 by 84 units. Two looks of the one drawing (Card.svelte, card-markup.ts):
 * - `standard`, for the pages read up close (the players' terminal, the console);
 * - `broadcast`, the on-air cards (CardRow, and the game skins' CardFan): a jumbo index and badge,
 *   sized so that at the widths the on-air pages draw them they meet the legibility floor
 *   (on-air/legibility.ts). In a fanned hand only a strip of each card shows, so index and badge
 *   stay within its left 31 units.
 */
export type CardCorner = 'standard' | 'broadcast';

interface Placement {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

interface JokerLetters {
  readonly x: number;
  readonly y: number;
  readonly step: number;
  readonly size: number;
  readonly anchor: 'start' | 'middle';
}

export interface CornerLayout {
  /** The rank's index; a two-character one (10) is set at `longSize`, squeezed to `longLength`. */
  readonly index: {
    readonly x: number;
    readonly y: number;
    readonly size: number;
    readonly longSize: number;
    readonly longLength: number;
  };
  readonly pip: Placement;
  readonly centre: Placement;
  /** A joker's name down its corner: two characters (大王), or more letters (JOKER). */
  readonly joker: { readonly short: JokerLetters; readonly long: JokerLetters };
  readonly star: Placement;
  /** A game's badge on a marked card (card-mark.ts; Guandan's 级/配): its box and its one character. */
  readonly badge: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    readonly textX: number;
    readonly textY: number;
    readonly size: number;
  };
}

export const CARD_CORNERS: Readonly<Record<CardCorner, CornerLayout>> = {
  standard: {
    index: { x: 4, y: 21, size: 21, longSize: 17, longLength: 21 },
    pip: { x: 4.5, y: 26, scale: 0.15 },
    centre: { x: 25, y: 38, scale: 0.3 },
    joker: {
      short: { x: 4, y: 20, step: 19, size: 17, anchor: 'start' },
      long: { x: 9, y: 15, step: 12.5, size: 12, anchor: 'middle' },
    },
    star: { x: 24, y: 40, scale: 0.32 },
    badge: { x: 3, y: 64, width: 19, height: 16, textX: 12.5, textY: 76.5, size: 12 },
  },
  broadcast: {
    index: { x: 3, y: 24, size: 28, longSize: 28, longLength: 27 },
    pip: { x: 4, y: 29, scale: 0.17 },
    centre: { x: 28, y: 38, scale: 0.28 },
    joker: {
      short: { x: 2, y: 26, step: 28, size: 28, anchor: 'start' },
      long: { x: 14, y: 24, step: 24, size: 28, anchor: 'middle' },
    },
    star: { x: 32, y: 54, scale: 0.24 },
    badge: { x: 2, y: 58, width: 25, height: 24, textX: 14.5, textY: 77.5, size: 21 },
  },
};

/** An SVG transform that places a 100-unit pip. */
export const placed = (p: Placement): string =>
  `translate(${String(p.x)} ${String(p.y)}) scale(${String(p.scale)})`;
