import { faceOfCard, nextBelow, type Prng } from '@tablecast/cards';
import {
  COMBO_TYPES,
  legalPlays,
  legalPlaysOfType,
  physical,
  seatTributeMove,
  type GuandanView,
  type Play,
  type Seat,
} from '@tablecast/guandan';
import type { ClientCommand } from '@tablecast/protocol';

/**
 * A random legal move of one seat, decided from that seat's own view only (as a player's terminal
 * receives it): its own hand, who paid whom, the trick's last play, the level and the ruleset,
 * never another seat's cards. In the tribute phase, the tribute it owes or the card it returns
 * (GD-TRIB-2/3); in the play phase, a play or a pass on its turn. Null when the view gives `seat`
 * nothing to do (another seat's turn, a deal, a choice staff key, a match over), or carries no hand
 * of its own. `passBias` in [0,1] is the chance of passing when a follow is possible, as the random
 * legal bot's.
 */
export function guandanSeatMove(
  view: GuandanView,
  seat: Seat,
  prng: Prng,
  passBias = 0.3,
): ClientCommand | null {
  const hand = view.hand;
  const held = view.seats[seat].hand;
  if (view.status === 'inHand' && hand?.phase === 'tribute')
    return seatTributeMove(view, seat, view.ruleset, prng);
  if (view.status !== 'inHand' || hand?.phase !== 'play' || hand.turn !== seat) return null;
  if (held === null) return null;
  const toBeat = hand.trick?.last?.as ?? null;
  if (toBeat !== null && nextBelow(prng, 1000) < passBias * 1000) return { type: 'Pass', seat };
  const faces = held.map(faceOfCard);
  // Leading: a type at random first (cheap), every lead when the hand has none of that type.
  let plays: readonly Play[] = [];
  if (toBeat === null) {
    const type = COMBO_TYPES[nextBelow(prng, COMBO_TYPES.length)] ?? 'single';
    plays = legalPlaysOfType(faces, null, hand.level, type, view.ruleset);
  }
  if (plays.length === 0) plays = legalPlays(faces, toBeat, hand.level, view.ruleset);
  const play = plays[plays.length === 0 ? 0 : nextBelow(prng, plays.length)];
  if (play === undefined) return { type: 'Pass', seat };
  return { type: 'PlayCards', seat, cards: physical(held, play.cards), as: play.as };
}
