import type { Face } from '@tablecast/cards/view';
import type { PlayReading, SeatChoices } from '@tablecast/doudizhu/view';

/** DDZ-CMP-3: 3 lowest, then up to A, 2, the small joker and the big joker; suits do not rank. */
const RANK_ORDER = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', 'BJ', 'RJ'];

export function rankOf(face: Face): string {
  return face === 'BJ' || face === 'RJ' ? face : face.slice(1);
}

function rankIndex(face: Face): number {
  return RANK_ORDER.indexOf(rankOf(face));
}

/** A hand as a player holds it: high cards left, low cards right, suits grouped within a rank. */
export function sortHand(hand: readonly Face[]): Face[] {
  return [...hand].sort((a, b) => rankIndex(b) - rankIndex(a) || a.localeCompare(b));
}

/** What a play is, whatever its suits: its ranks in order (DDZ: suits never matter). */
export function rankKey(cards: readonly Face[]): string {
  return cards
    .map(rankIndex)
    .sort((a, b) => a - b)
    .join(',');
}

type LegalPlay = Extract<SeatChoices, { kind: 'play' }>['plays'][number];

/**
 * The legal plays the tapped cards make (the same ranks; two readings of one set of cards are two
 * plays): empty when they make none, and the server will refuse them naming the rule.
 */
export function readingsOf(selected: readonly Face[], plays: readonly LegalPlay[]): PlayReading[] {
  if (selected.length === 0) return [];
  const key = rankKey(selected);
  return plays.filter((play) => rankKey(play.cards) === key).map((play) => play.as);
}

/**
 * The hint after `previous` (cycling): the cards of the hand that make the next legal play, taken
 * from the hand by rank so the faces are the player's own.
 */
export function hintCards(hand: readonly Face[], play: LegalPlay): Face[] {
  const left = [...hand];
  const picked: Face[] = [];
  for (const card of play.cards) {
    const at = left.findIndex((face) => rankOf(face) === rankOf(card));
    if (at < 0) return [];
    picked.push(...left.splice(at, 1));
  }
  return picked;
}

/** Whole seconds left on a deadline (epoch ms) at `now` (corrected to the server's clock), never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A turn clock's deadline, when the view carries one (the server times the turn; older views do not). */
export function deadlineOf(clock: unknown): number | null {
  if (typeof clock !== 'object' || clock === null || !('deadline' in clock)) return null;
  const deadline = clock.deadline;
  return typeof deadline === 'number' ? deadline : null;
}
