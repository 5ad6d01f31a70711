import { faceOfCard, isCardId, isRank, type Face, type Rank } from '@tablecast/cards/view';
import type { MatchView } from '@tablecast/protocol';
import { sortForHand } from '../cards';

/**
 * Display helpers: they only name and arrange what the server computed (the reading of a play,
 * places, levels); no rule is evaluated here (STYLE 11).
 */

/** The face drawn for a card id (`H5a` → `H5`); the copy letter only tells the two decks apart. */
export function faceOf(card: string): Face {
  if (!isCardId(card)) throw new Error(`not a card id: ${card}`);
  return faceOfCard(card);
}

/** The level rank of the deal in progress, for the 级/配 marks; null between deals. */
export function levelRank(view: MatchView): Rank | null {
  const level = view.hand?.level ?? null;
  return level !== null && isRank(level) ? level : null;
}

/** A hand in the order players hold it: jokers, wildcards, level cards, then A down to 2. */
export function handInPlayerOrder(hand: readonly string[], level: Rank | null): string[] {
  return sortForHand(hand, level, faceOf);
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
