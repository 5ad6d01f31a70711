/**
 * The broadcast legibility floor at 1920x1080, in CSS pixels of font size, for what a viewer must
 * read on a card at a glance from a sofa. The smallest words already on air are about 20 px (the
 * seat tags), names 28 px; a card index is read faster than a word and half covered in a fanned
 * hand, so it gets at least the size of the on-air words: 22 px, about 2 % of the frame's height.
 * A card's badge (card-mark.ts; Guandan's 级/配) is one character on a coloured box beside it:
 * 16 px, the smallest text on air.
 * The on-air card's broadcast corner (cards/card-corner.ts) is drawn so the table page's cards
 * meet both at the widths below; a Chromium test measures them (e2e/table-legibility.e2e.spec.ts).
 */
export const LEGIBILITY_FLOOR_PX = { cardIndex: 22, cardBadge: 16 } as const;

/**
 * The widths the table page draws cards at, CSS px: a seat's last play and its hand, fanned so
 * each hand card shows its left 25 px (its index and badge: the broadcast corner's 31 of 60 units).
 * At 48 px the corner's 28-unit index is 22.4 px and its 21-unit badge 16.8 px.
 */
export const TABLE_CARDS = {
  play: { width: 56, overlap: 0.4 },
  hand: { width: 48, overlap: 0.48 },
} as const;

/**
 * The cards of Dou Dizhu's and Big Two's seat panels (games/kit/SeatPlay, CardFan), on the
 * broadcast corner: a hand and a play fanned alike at the table page's hand size, so each card
 * shows its whole corner (22.4 px index). Not the Guandan play's 56 px: a Dou Dizhu play runs to
 * 20 cards (an airplane with its wings, DDZ-COMBO-*), which at 48 px fanned to 25 px is 523 px,
 * inside the seat panel's 528. Measured in Chromium by e2e/skin-table-legibility.e2e.spec.ts.
 */
export const SEAT_FAN_CARDS = TABLE_CARDS.hand;

/**
 * The narrowest card whose broadcast-corner index meets the floor: the index is 28 of the card's
 * 60 units, so 22 px needs 47.2 px. A card drawn alone (Dou Dizhu's kitty, Guandan's tribute
 * cards on the moments page) is this wide.
 */
export const LEGIBLE_CARD_WIDTH = 48;
