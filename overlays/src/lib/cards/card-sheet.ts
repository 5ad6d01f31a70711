import type { CardImage } from './card-markup';

/**
 * The page's card sheet: one CSS rule per card image and width that paints the card as its
 * element's background, and the card box those rules fill.
 *
 * Why not an `<img>` per card: a new deal inserts 108 cards in one frame, and Chromium starts an
 * image load for each `<img>` it inserts (a resource request even for a `data:` URL it holds):
 * 98 of them took 4-6 ms to insert in the broadcast table page against 0.4 ms for elements styled
 * by class, and inserting them was most of the deal frame's 25-37 ms of script (traced).
 * A rule also lets a card change from its SVG to its bitmap by editing the rule alone: no card
 * row is re-rendered when bitmaps are made.
 */

/** CardRow's shadow: CSS `drop-shadow` on the SVG, baked into the bitmap by a canvas filter. */
export const CARD_SHADOW = 'drop-shadow(0 1px 1.5px rgba(0, 0, 0, 0.35))';
/**
 * Transparent margin around the card in each card box, CSS px, for the shadow (a 1.5 px blur,
 * drawn out to three of them, 1 px down). The box is that much larger than the card and pulled
 * back over it with negative margins, so the layout is the card's.
 */
export const SHADOW_PAD = 6;

/** A card's on-screen height for a width: the card is 60 by 84, and images snap to whole pixels. */
export const cardHeight = (width: number): number => Math.round((width * 84) / 60);

/** Created on first use; null where there is no document (server-side rendering in tests). */
let sheet: CSSStyleSheet | null | undefined;
const rules = new Map<string, CSSStyleRule>();
const ids = new Map<CardImage, number>();

function cardSheet(): CSSStyleSheet | null {
  if (sheet === undefined) {
    if (typeof document === 'undefined') sheet = null;
    else {
      const style = document.createElement('style');
      style.setAttribute('data-card-sheet', '');
      document.head.append(style);
      sheet = style.sheet;
    }
  }
  return sheet;
}

function className(image: CardImage, width: number): string {
  let id = ids.get(image);
  if (id === undefined) {
    id = ids.size + 1;
    ids.set(image, id);
  }
  return `tc-card-${String(id)}-${String(width)}`;
}

/**
 * How a card box shows an image at a width: its bitmap (shadow drawn in) over the whole box, or
 * until there is one its SVG at the card's size inside the shadow margin, with the shadow as a CSS
 * filter. The SVG is our own drawing in a `data:` URL (percent-encoded: no quote to escape).
 */
function declarations(image: CardImage, width: number, bitmap: string | null): string {
  if (bitmap !== null)
    return `background-image: url("${bitmap}"); background-size: 100% 100%; background-position: 0 0;`;
  return (
    `background-image: url("${image.src}"); background-size: ${String(width)}px ${String(cardHeight(width))}px;` +
    ` background-position: ${String(SHADOW_PAD)}px ${String(SHADOW_PAD)}px; filter: ${CARD_SHADOW};`
  );
}

/** The class that draws an image at a width, its rule added to the sheet on first use. */
export function cardRule(image: CardImage, width: number, bitmap: string | null): string {
  const name = className(image, width);
  const css = cardSheet();
  if (css !== null && !rules.has(name)) {
    const index = css.insertRule(`.${name} { ${declarations(image, width, bitmap)} }`, css.cssRules.length);
    const rule = css.cssRules[index];
    if (rule instanceof CSSStyleRule) rules.set(name, rule);
  }
  return name;
}

/**
 * Draws an image at a width from its new bitmap: its rule changes (one restyle of the cards that
 * show it) or is added, so a deal that first shows the card parses no rule in its frame (a rule
 * holds a bitmap's few KB of `data:` URL; the first deal's 100-odd rules took ~4 ms to insert).
 */
export function showBitmap(image: CardImage, width: number, bitmap: string): void {
  const rule = rules.get(className(image, width));
  if (rule !== undefined) rule.style.cssText = declarations(image, width, bitmap);
  else cardRule(image, width, bitmap);
}
