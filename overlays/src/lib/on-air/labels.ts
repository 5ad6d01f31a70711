import { faceOfCard, isCardId, type Face } from '@tablecast/cards/view';

/**
 * Display helpers every game's on-air pages share: they only name and arrange what the server
 * sent; no rule is evaluated here (STYLE 11), and no game's view is read (a game's own helpers,
 * such as Guandan's hand order, live in its skin folder).
 */

/** The face drawn for a card id (`H5a` → `H5`); the copy letter only tells the two decks apart. */
export function faceOf(card: string): Face {
  if (!isCardId(card)) throw new Error(`not a card id: ${card}`);
  return faceOfCard(card);
}

/** The same cards in the same order (a new frame's copy of a hand that did not change). */
export function sameCards(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((card, i) => card === b[i]);
}

/** A piece of a catalog sentence: its words, or the place of one of the names it was given. */
export type SentencePart = { readonly words: string } | { readonly name: number };

const NAME_MARK = '\u0000';

/**
 * A catalog sentence cut around the names it takes, so a page draws each name in its own element
 * (shortened by the on-air name rule, `.fit-name`) and the words between as they are.
 */
export function sentenceParts(sentence: (...names: string[]) => string, names: number): SentencePart[] {
  const marks = Array.from({ length: names }, (_, i) => `${NAME_MARK}${String(i)}${NAME_MARK}`);
  return sentence(...marks)
    .split(new RegExp(`(${NAME_MARK}\\d+${NAME_MARK})`))
    .filter((piece) => piece !== '')
    .map((piece) => {
      const mark = marks.indexOf(piece);
      return mark === -1 ? { words: piece } : { name: mark };
    });
}
