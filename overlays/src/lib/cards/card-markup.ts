import type { Face } from '@tablecast/cards/view';
import { messages, type Lang } from '../i18n';
import { CARD_CORNERS, placed, type CardCorner } from './card-corner';
import { cardLook } from './card-look';
import { cardLabel } from './card-label';
import { markKey, type CardMark } from './card-mark';
import { STAR_PATH, SUIT_PATHS } from './suit-paths';

/** Card.svelte's font stack: an SVG image cannot see the page's CSS, so the image names it itself. */
const CARD_FONT = "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'DejaVu Sans', sans-serif";

/** One card as the on-air pages draw it: an image of our own SVG, and what it shows in words. */
export interface CardImage {
  readonly src: string;
  readonly label: string;
  /** The game's mark drawn on it (card-mark.ts), or null. */
  readonly mark: CardMark | null;
}

/**
 * Card.svelte's drawing with the broadcast corner (card-corner.ts: the jumbo index and badge legible
 * at 1080p) as an image, for the on-air pages. A seat's hand is 27 cards and a new
 * deal draws 108 at once: as inline SVG every card is a dozen elements for the browser to style,
 * lay out (text shaping included) and paint, which cost most of such a frame; an image of the
 * same SVG (a card box's background, cards/card-sheet.ts, or the source of its bitmap) is drawn
 * once per face and reused. Built once per face, mark and language. It is our
 * own drawing in a `data:` URL, nothing is downloaded; the markup is Card.svelte's (a test checks
 * every face), so both show the same card.
 */
export function cardImage(face: Face, mark: CardMark | null, lang: Lang): CardImage {
  // Keyed by what the card shows, not by why: a plain ♠7 is the same image whatever the deal, so a
  // new deal reuses every image but those of the cards its game marks differently.
  const key = `${face}|${markKey(mark)}|${lang}`;
  let image = cache.get(key);
  if (image === undefined) {
    const svg = cardMarkup(face, mark, 60, lang, 'broadcast').replace(
      '<svg class="card" ',
      `<svg xmlns="http://www.w3.org/2000/svg" font-family="${escape(CARD_FONT)}" `,
    );
    image = {
      src: `data:image/svg+xml,${encodeURIComponent(svg)}`,
      label: cardLabel(face, mark, lang),
      mark,
    };
    cache.set(key, image);
  }
  return image;
}

const cache = new Map<string, CardImage>();

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The SVG markup Card.svelte renders (unselected), attribute for attribute. */
export function cardMarkup(
  face: Face,
  mark: CardMark | null,
  width: number,
  lang: Lang,
  corner: CardCorner = 'standard',
): string {
  const look = cardLook(face);
  const at = CARD_CORNERS[corner];
  const text = messages[lang].cards;
  const ink = look.red ? '#c8102e' : '#15171c';
  const label = cardLabel(face, mark, lang);
  const framed = mark?.framed ?? false;
  const frame = mark !== null && framed ? mark.colour : '#8a93a3';
  const parts = [
    `<svg class="card" viewBox="0 0 60 84" width="${String(width)}" height="${String((width * 84) / 60)}"` +
      ` role="img" aria-label="${escape(label)}" data-face="${face}" data-selected="false"` +
      ` data-marked="${String(mark !== null)}">`,
    `<rect x="1.5" y="1.5" width="57" height="81" rx="5" fill="#fffdf7" stroke="${frame}"` +
      ` stroke-width="${framed ? '3' : '1.2'}"></rect>`,
  ];
  if (look.joker === null && look.suit !== null) {
    const long = look.rankLabel.length > 1;
    const suit = SUIT_PATHS[look.suit];
    const { index } = at;
    parts.push(
      `<text data-part="index" x="${String(index.x)}" y="${String(index.y)}" fill="${ink}"` +
        ` font-size="${String(long ? index.longSize : index.size)}" font-weight="700"` +
        `${long ? ` textLength="${String(index.longLength)}"` : ''} lengthAdjust="spacingAndGlyphs">` +
        `${escape(look.rankLabel)}</text>`,
      `<path d="${suit}" fill="${ink}" transform="${placed(at.pip)}"></path>`,
      `<path d="${suit}" fill="${ink}" transform="${placed(at.centre)}"></path>`,
    );
  } else {
    // Two CJK characters fill the corner; a longer word (JOKER) is set smaller to fit the same height.
    const chars = Array.from(
      (corner === 'broadcast' ? text.jokerIndexBroadcast : text.jokerIndex)[look.joker ?? 'BJ'],
    );
    const letters = chars.length > 2 ? at.joker.long : at.joker.short;
    chars.forEach((char, i) => {
      parts.push(
        `<text data-part="index" x="${String(letters.x)}" y="${String(letters.y + i * letters.step)}"` +
          ` fill="${ink}" font-size="${String(letters.size)}" font-weight="700"` +
          ` text-anchor="${letters.anchor}">${escape(char)}</text>`,
      );
    });
    parts.push(`<path d="${STAR_PATH}" fill="${ink}" transform="${placed(at.star)}"></path>`);
  }
  if (mark !== null) {
    const { badge } = at;
    parts.push(
      `<rect x="${String(badge.x)}" y="${String(badge.y)}" width="${String(badge.width)}"` +
        ` height="${String(badge.height)}" rx="3" fill="${mark.colour}"></rect>`,
      `<text data-part="badge" x="${String(badge.textX)}" y="${String(badge.textY)}" fill="#ffffff"` +
        ` font-size="${String(badge.size)}" font-weight="700" text-anchor="middle">` +
        `${escape(mark.badge)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
