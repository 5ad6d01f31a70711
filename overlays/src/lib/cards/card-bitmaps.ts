import { FACES } from '@tablecast/cards/view';
import type { Lang } from '../i18n';
import type { MarkedFace } from './card-mark';
import { cardImage, type CardImage } from './card-markup';
import { CARD_SHADOW, SHADOW_PAD, cardHeight, cardRule, showBitmap } from './card-sheet';

/**
 * Card faces as ready-made bitmaps, for the on-air pages whose every frame must be drawn within
 * one display frame (message-to-paint under 16.7 ms). An SVG image is replayed as
 * vectors, its text shaped and its drop shadow blurred, each time a tile that holds it is painted
 * and rastered; a play shifts the cards of a hand, so a frame re-drew a dozen of them, and a new
 * deal 108. A bitmap of the same drawing, shadow included, at the size it is shown, is copied
 * instead. The plain faces' bitmaps are made at page load, a card per task so feed frames are not
 * held up, then the faces a game marks in idle time (makeMarkedCardsWhenIdle); a card shown
 * before its bitmap is ready is made at once and shown meanwhile as its SVG with the same shadow
 * as a CSS filter. Cards are drawn by the rules of the card sheet (card-sheet.ts).
 */

/** Each bitmap as a `data:` URL, by image (cardImage hands out one object per look of a face) and width. */
const bitmaps = new Map<CardImage, ReadonlyMap<number, string>>();

/** The widths the page draws cards at (makeCardBitmaps); a card at another width stays an SVG. */
let wanted: readonly number[] = [];
/** Images made or being made, and those asked for since the last batch was started. */
const asked = new Set<CardImage>();
let missing: CardImage[] = [];

/**
 * The class of a card box that shows a card image at a width (card-sheet.ts): its bitmap, or its
 * SVG until the bitmap is made, when the rule changes to it. An image with no bitmap yet at a
 * width the page draws at is made in the background, with the others asked for in the same frame.
 */
export function cardClass(image: CardImage, width: number): string {
  const sizes = bitmaps.get(image);
  if (sizes === undefined && wanted.includes(width) && !asked.has(image)) {
    asked.add(image);
    missing.push(image);
    if (missing.length === 1)
      setTimeout(() => {
        const batch = missing;
        missing = [];
        void make(batch, wanted);
      }, 0);
  }
  return cardRule(image, width, sizes?.get(width) ?? null);
}

/**
 * Each image's SVG, decoded once and held for the page's life: a card shown before its bitmap is
 * ready is drawn from it, and a remake at another pixel ratio draws from it again.
 */
const svgs = new Map<CardImage, Promise<HTMLImageElement>>();

function decodedSvg(image: CardImage): Promise<HTMLImageElement> {
  let svg = svgs.get(image);
  if (svg === undefined) {
    const element = new Image();
    element.src = image.src;
    svg = element.decode().then(() => element);
    svgs.set(image, svg);
  }
  return svg;
}

function toBitmap(svg: HTMLImageElement, width: number, scale: number, keep: HTMLImageElement[]): string {
  const height = cardHeight(width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round((width + 2 * SHADOW_PAD) * scale);
  canvas.height = Math.round((height + 2 * SHADOW_PAD) * scale);
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('card bitmaps: no 2d canvas');
  context.scale(scale, scale);
  context.filter = CARD_SHADOW;
  context.drawImage(svg, SHADOW_PAD, SHADOW_PAD, width, height);
  const src = canvas.toDataURL('image/png');
  // Decoded ahead, so the first frame that shows it does not decode it.
  const image = new Image();
  image.src = src;
  image.decode().catch(() => undefined);
  keep.push(image);
  return src;
}

const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

/**
 * The browser's next idle period (after its frames are drawn), or the next task where there is no
 * requestIdleCallback (Safari, for the spectator site). The timeout keeps the work going on a page
 * that is never idle, a task at a time.
 */
const nextIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(
        () => {
          resolve();
        },
        { timeout: 1_000 },
      );
    else setTimeout(resolve, 0);
  });

/** Each image's bitmaps, decoded, held so they stay in the browser's image cache while shown. */
const decodedBitmaps = new Map<CardImage, readonly HTMLImageElement[]>();
/** The pixel ratio bitmaps are made for, and a count of its changes (each remakes them all). */
let madeFor = { scale: 1, generation: 0 };

/**
 * Makes the bitmaps of the given card images at the given widths (at the screen's pixel ratio:
 * the spectator site is read on phones), one card per `wait`, and shows them all at once: one
 * restyle of the cards on screen, not one per card.
 */
async function make(
  images: readonly CardImage[],
  widths: readonly number[],
  wait: () => Promise<void> = nextTask,
): Promise<void> {
  const { scale, generation } = madeFor;
  const decoded = await Promise.all(images.map(decodedSvg));
  if (widths.length === 0) return;
  const made = new Map<CardImage, { sizes: Map<number, string>; keep: HTMLImageElement[] }>();
  for (const [i, image] of images.entries()) {
    const svg = decoded[i];
    if (svg === undefined) continue;
    // One card per task (a millisecond or two): a feed frame arriving meanwhile waits for one card.
    await wait();
    // The pixel ratio changed meanwhile: the remake for the new one covers these images too.
    if (madeFor.generation !== generation) return;
    const keep: HTMLImageElement[] = [];
    made.set(image, {
      sizes: new Map(widths.map((width) => [width, toBitmap(svg, width, scale, keep)])),
      keep,
    });
  }
  // Shown together: the cards on screen are restyled once, not once per card.
  for (const [image, { sizes, keep }] of made) {
    bitmaps.set(image, sizes);
    decodedBitmaps.set(image, keep);
    for (const [width, bitmap] of sizes) showBitmap(image, width, bitmap);
  }
}

/**
 * Remakes every bitmap when the screen's pixel ratio changes (an OBS source or a window moved to
 * a screen of another density, a browser zoom): a bitmap made for the old ratio is drawn blurred
 * or wastefully large. The cards keep their old bitmaps until the new ones are made.
 */
function remakeIfRatioChanged(): void {
  const scale = window.devicePixelRatio || 1;
  if (scale === madeFor.scale) return;
  madeFor = { scale, generation: madeFor.generation + 1 };
  watchRatio();
  void make([...asked], wanted);
}

/**
 * The standard signal is a change of `(resolution: <ratio>dppx)`, armed again for each new ratio;
 * a resize is checked too, as a zoom changes the viewport and Chromium's device emulation (OBS's
 * browser source is Chromium) signals a new ratio with a resize only, not always a media change.
 */
function watchRatio(): void {
  window
    .matchMedia(`(resolution: ${String(madeFor.scale)}dppx)`)
    .addEventListener('change', remakeIfRatioChanged, { once: true });
}

/**
 * Makes the bitmaps of the 54 plain faces at the widths the page draws cards at, at page load
 * while it waits for its feed, then those of the marked faces the games may show (`marked`, in the
 * order a match is likely to need them) in idle time; a marked card shown before its turn is made
 * when first shown (cardClass). With no width it only has the browser decode the faces' SVGs
 * ahead, for pages that keep them.
 */
export async function makeCardBitmaps(
  lang: Lang,
  widths: readonly number[],
  marked: (lang: Lang) => readonly MarkedFace[] = () => [],
): Promise<void> {
  if (typeof document === 'undefined' || typeof requestAnimationFrame === 'undefined') return;
  wanted = widths;
  madeFor = { scale: window.devicePixelRatio || 1, generation: madeFor.generation };
  if (widths.length > 0 && typeof window.matchMedia === 'function') {
    watchRatio();
    window.addEventListener('resize', remakeIfRatioChanged);
  }
  const plain = FACES.map((face) => cardImage(face, null, lang));
  for (const image of plain) asked.add(image);
  await make(plain, widths);
  if (widths.length > 0) await makeMarkedCardsWhenIdle(marked(lang), lang);
}

/**
 * The marked faces (a game's badges: Guandan's level cards of every level), made one card per idle
 * period. Made when a deal first showed them, their PNG encoding cost ~13 ms of main thread per new
 * level right behind the deal's own frame, and each later frame of the burst paid for it
 * (message-to-paint); the deal was drawn with SVG cards meanwhile and redrawn once they were made.
 * Guandan's 52 cards at two widths take ~100 ms of idle time once per page, seconds before a show,
 * and ~2 MB of decoded bitmaps. A marked card shown before its turn is made at once (cardClass),
 * so it is skipped here.
 */
async function makeMarkedCardsWhenIdle(marked: readonly MarkedFace[], lang: Lang): Promise<void> {
  for (const { face, mark } of marked) {
    const image = cardImage(face, mark, lang);
    if (asked.has(image)) continue;
    asked.add(image);
    await make([image], wanted, nextIdle);
  }
}
