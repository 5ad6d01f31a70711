import {
  faceOfCard,
  isJoker,
  rankIndex,
  rankOf,
  type CardId,
  type Face,
  type Rank,
} from '@tablecast/cards/view';
import {
  COMBO_TYPES,
  isBombClass,
  legalPlays,
  otherTeam,
  physical,
  rankPower,
  seatsOf,
  type Play,
  type Reading,
  type Seat,
} from '@tablecast/guandan/view';
import type { ConsoleHand, ConsoleMatch } from './console-match';

/** What the table is waiting for, derived from the staff state; drives Enter, P and the digit list. */
export type PrimaryAction =
  | { readonly kind: 'deal' }
  | { readonly kind: 'play'; readonly seat: Seat; readonly toBeat: Reading | null }
  | { readonly kind: 'giveTribute'; readonly seats: readonly Seat[] }
  | { readonly kind: 'returnTribute'; readonly seats: readonly Seat[] }
  | { readonly kind: 'designate' }
  | { readonly kind: 'wait' };

export function primaryAction(state: ConsoleMatch): PrimaryAction {
  if (state.status === 'ended') return { kind: 'wait' };
  const hand = state.hand;
  if (state.status === 'new') return { kind: 'wait' };
  if (hand == null || hand.phase === 'over')
    return state.status === 'betweenHands' ? { kind: 'deal' } : { kind: 'wait' };
  switch (hand.phase) {
    case 'dealing':
      return { kind: 'wait' };
    case 'designate':
      return { kind: 'designate' };
    case 'tribute': {
      const unpaid = tributePayers(state).filter((s) => !hand.tributesGiven.some((t) => t.from === s));
      if (unpaid.length > 0) return { kind: 'giveTribute', seats: unpaid };
      const returners = hand.assignments.filter((a) => !hand.returnedBy.includes(a.to)).map((a) => a.to);
      return returners.length > 0 ? { kind: 'returnTribute', seats: returners } : { kind: 'wait' };
    }
    case 'play':
      return hand.turn === null
        ? { kind: 'wait' }
        : { kind: 'play', seat: hand.turn, toBeat: hand.trick?.last?.as ?? null };
    default:
      return unreachable(hand.phase);
  }
}

/**
 * GD-TRIB-1/4: the previous deal's last place pays; after a double-down both losers. The engine
 * keeps its own copy private; the server still decides, this only tells the console whose cards
 * may be clicked.
 */
export function tributePayers(state: ConsoleMatch): readonly Seat[] {
  const last = state.lastHand;
  if (last === null) return [];
  if (last.doubleDown) return seatsOf(otherTeam(last.winningTeam));
  const lastPlace = last.places[3];
  return lastPlace === undefined ? [] : [lastPlace];
}

/** Seats whose cards the operator may select now. */
export function actingSeats(action: PrimaryAction): readonly Seat[] {
  switch (action.kind) {
    case 'play':
      return [action.seat];
    case 'giveTribute':
    case 'returnTribute':
      return action.seats;
    case 'deal':
    case 'designate':
    case 'wait':
      return [];
    default:
      return unreachable(action);
  }
}

/** One choice the digit keys can pick. */
export type ConsoleOption =
  | { readonly kind: 'play'; readonly seat: Seat; readonly play: Play }
  | { readonly kind: 'card'; readonly seat: Seat; readonly card: CardId; readonly action: 'give' | 'return' }
  | { readonly kind: 'seat'; readonly seat: Seat }
  /** GD-VAR-004-4: where anti-tribute is optional, a tributer holding a big joker may claim it. */
  | { readonly kind: 'resist'; readonly seat: Seat };

/** Power of one card at `level` (GD-RANK-1). */
export function facePower(face: Face, level: Rank): number {
  return rankPower(isJoker(face) ? face : rankOf(face), level);
}

function isWild(face: Face, level: Rank): boolean {
  return face === `H${level}`;
}

/** Face value for the return limit (DEC-GD-8): 2…10 as printed, J=11 … A=14, jokers above. */
function faceValue(face: Face): number {
  if (isJoker(face)) return face === 'BJ' ? 15 : 16;
  return rankIndex(rankOf(face)) + 2;
}

/** The options for the current action, in the order the digit keys number them. */
export function optionsFor(state: ConsoleMatch, action: PrimaryAction): ConsoleOption[] {
  const hand = state.hand;
  switch (action.kind) {
    case 'play': {
      if (hand === null) return [];
      const faces = hand.hands[action.seat].map(faceOfCard);
      return sortPlays(legalPlays(faces, action.toBeat, hand.level, state.ruleset), hand.level).map(
        (play) => ({
          kind: 'play',
          seat: action.seat,
          play,
        }),
      );
    }
    case 'giveTribute':
      return hand === null
        ? []
        : [...action.seats.flatMap((seat) => tributeCards(hand, seat)), ...resistOptions(state, hand)];
    case 'returnTribute':
      return hand === null ? [] : action.seats.flatMap((seat) => returnCards(state, hand, seat));
    case 'designate':
      return (['S', 'E', 'N', 'W'] as const).map((seat) => ({ kind: 'seat', seat }));
    case 'deal':
    case 'wait':
      return [];
    default:
      return unreachable(action);
  }
}

/** GD-TRIB-2: the highest card, never the heart level card; one option per distinct face. */
function tributeCards(hand: ConsoleHand, seat: Seat): ConsoleOption[] {
  const held = hand.hands[seat].filter((c) => !isWild(faceOfCard(c), hand.level));
  const top = Math.max(...held.map((c) => facePower(faceOfCard(c), hand.level)));
  return distinctFaces(held.filter((c) => facePower(faceOfCard(c), hand.level) === top)).map((card) => ({
    kind: 'card',
    seat,
    card,
    action: 'give',
  }));
}

/**
 * GD-TRIB-6, GD-VAR-004-4: under an optional anti-tribute the tributers may refuse to pay, before
 * any tribute is given, when they hold both big jokers between them; each holder may claim it.
 */
function resistOptions(state: ConsoleMatch, hand: ConsoleHand): ConsoleOption[] {
  if (state.ruleset.antiTribute !== 'optional' || hand.tributesGiven.length > 0) return [];
  const payers = tributePayers(state);
  const bigJokers = (seat: Seat): number => hand.hands[seat].filter((c) => faceOfCard(c) === 'RJ').length;
  if (payers.reduce((n, seat) => n + bigJokers(seat), 0) !== 2) return [];
  return payers.filter((seat) => bigJokers(seat) > 0).map((seat) => ({ kind: 'resist', seat }));
}

/** GD-TRIB-3, DEC-GD-8: within the ruleset's face-value limit, else the lowest card; lowest first. */
function returnCards(state: ConsoleMatch, hand: ConsoleHand, seat: Seat): ConsoleOption[] {
  const assignment = hand.assignments.find((a) => a.to === seat);
  if (assignment === undefined) return [];
  const held = hand.hands[seat];
  const limits = state.ruleset.returnTributeMaxFace;
  const toPartner = seatsOf('NS').includes(seat) === seatsOf('NS').includes(assignment.from);
  const max = toPartner ? limits.toPartner : limits.toOpponent;
  const power = (c: CardId): number => facePower(faceOfCard(c), hand.level);
  let pool = max === null ? [...held] : held.filter((c) => faceValue(faceOfCard(c)) <= max);
  if (pool.length === 0) {
    const lowest = Math.min(...held.map(power));
    pool = held.filter((c) => power(c) === lowest);
  }
  return distinctFaces(pool)
    .sort((a, b) => power(a) - power(b))
    .map((card) => ({ kind: 'card', seat, card, action: 'return' }));
}

function distinctFaces(cards: readonly CardId[]): CardId[] {
  const seen = new Set<Face>();
  return cards.filter((c) => {
    const face = faceOfCard(c);
    if (seen.has(face)) return false;
    seen.add(face);
    return true;
  });
}

/**
 * Plays in the order an operator scans them: normal types in the glossary order, then bombs by
 * strength; within a type from low to high, and fewer wildcards first.
 */
export function sortPlays(plays: readonly Play[], level: Rank): Play[] {
  const typeOrder = (r: Reading): number => (isBombClass(r.type) ? 100 : COMBO_TYPES.indexOf(r.type));
  const keyOf = (r: Reading): number => {
    if (r.rank === undefined) return 99;
    if (
      r.type === 'straight' ||
      r.type === 'pairSequence' ||
      r.type === 'tripleSequence' ||
      r.type === 'straightFlush'
    ) {
      return r.rank === 'A' ? 13 : isJoker(r.rank as Face) ? 0 : rankIndex(r.rank as Rank) + 1;
    }
    return rankPower(r.rank, level);
  };
  const bombStrength = (r: Reading): number =>
    r.type === 'fourJokers'
      ? 1000
      : r.type === 'straightFlush'
        ? 120 + keyOf(r)
        : r.length * 20 + (r.length > 5 ? 20 : 0) + keyOf(r);
  const wilds = (p: Play): number => p.cards.filter((f) => isWild(f, level)).length;
  return [...plays].sort(
    (a, b) =>
      typeOrder(a.as) - typeOrder(b.as) ||
      (isBombClass(a.as.type) ? bombStrength(a.as) - bombStrength(b.as) : keyOf(a.as) - keyOf(b.as)) ||
      wilds(a) - wilds(b) ||
      a.cards.join().localeCompare(b.cards.join()),
  );
}

/** The physical cards an option would send, taken from the seat's hand (either copy serves). */
export function optionCards(state: ConsoleMatch, option: ConsoleOption): CardId[] {
  const hand = state.hand;
  if (hand === null) return [];
  switch (option.kind) {
    case 'play':
      return physical(hand.hands[option.seat], option.play.cards);
    case 'card':
      return [option.card];
    case 'seat':
    case 'resist':
      return [];
    default:
      return unreachable(option);
  }
}

function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`);
}
