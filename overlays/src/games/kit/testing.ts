/** A card a CardFan draws, as server-rendered HTML holds it (the tests of the on-air fans). */
export interface FanCard {
  /** The face, or `back` for a card drawn face down. */
  readonly card: string;
  /** The card's width, px. */
  readonly width: number;
  /** How much of it, from its left edge, the next card of its fan leaves in view (its width if none). */
  readonly shown: number;
  /** The font size of its index as drawn, px (the SVG's units scaled to its width); null for a back. */
  readonly indexPx: number | null;
  /** Its index's letters, top to bottom (a joker's word runs down its corner). */
  readonly index: string;
}

/**
 * Every card of every CardFan in server-rendered HTML, in order: each fan's overlap (`--step`),
 * each card's width and index font size in its SVG's 60 units, scaled to the width it is drawn at.
 */
export function fanCards(html: string): FanCard[] {
  const cards: FanCard[] = [];
  const fans = html.split(/<div class="fan\b/).slice(1);
  for (const fan of fans) {
    const step = Number(/--step:\s*(-?\d+(?:\.\d+)?)px/.exec(fan)?.[1] ?? 'NaN');
    // The fan's own markup ends at its closing tag: the cards are its only children.
    const slots = fan.split(/<span class="(?:slot|back)\b/).slice(1);
    slots.forEach((slot, i) => {
      const card = /data-card="([^"]+)"/.exec(slot)?.[1] ?? '';
      const back = card === 'back';
      const width = Number(
        (back ? /style="width:\s*([\d.]+)px/ : /<svg class="card\b[^"]*"[^>]*\swidth="([\d.]+)"/).exec(
          slot,
        )?.[1] ?? 'NaN',
      );
      const indices = [...slot.matchAll(/<text data-part="index"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</g)];
      const size = indices[0]?.[1];
      cards.push({
        card,
        width,
        shown: i < slots.length - 1 ? width + step : width,
        indexPx: size === undefined ? null : (Number(size) * width) / 60,
        index: indices.map((m) => m[2] ?? '').join(''),
      });
    });
  }
  return cards;
}

/**
 * The broadcast corner's index and badge lie within the card's left 31 of its 60 units
 * (cards/card-corner.ts): a fanned card must leave that much in view.
 */
const BROADCAST_CORNER_UNITS = 31;

/**
 * The cards a viewer could not read at 1080p, each with why: a face card whose index is drawn under
 * `floorPx` (on-air/legibility.ts), or whose corner the next card of its fan covers.
 */
export function unreadableCards(cards: readonly FanCard[], floorPx: number): string[] {
  return cards.flatMap((c) => {
    if (c.card === 'back') return [];
    const why: string[] = [];
    // Written as "not at least", so a size the markup did not yield (NaN) counts as unreadable.
    if (c.indexPx === null || !(c.indexPx >= floorPx))
      why.push(`${c.card}: index ${String(c.indexPx)} px at width ${String(c.width)}`);
    if (!(c.shown >= (BROADCAST_CORNER_UNITS * c.width) / 60))
      why.push(`${c.card}: ${String(c.shown)} of ${String(c.width)} px in view`);
    return why;
  });
}
