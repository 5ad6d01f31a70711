import { nextBelow, type Prng } from '@tablecast/cards';
import type { GiveTribute, ReturnTribute } from '../engine/commands';
import { cardPower, faceValue, isWildcard } from '../engine/cards-power';
import { otherTeam, seatsOf, teamOf, type Seat } from '../model/seats';
import type { GuandanView } from '../module/view';
import type { Ruleset } from '../ruleset/ruleset';

/**
 * The seats that owe a tribute this deal, as any seat's view shows them: after a double-down both
 * losers (GD-END-3, GD-TRIB-4), else last place (GD-TRIB-1).
 */
export function tributersInView(view: GuandanView): readonly Seat[] {
  const last = view.lastHand;
  if (last === null) return [];
  if (last.doubleDown) return seatsOf(otherTeam(last.winningTeam));
  const lastPlace = last.places[3];
  return lastPlace === undefined ? [] : [lastPlace];
}

/**
 * A seat's own tribute move, decided from its own view (its hand, who paid whom) and the match's
 * ruleset, as a player at a device makes it: its highest card but the heart level card when it owes
 * a tribute (GD-TRIB-2), a card back within the ruleset's limit when it received one (GD-TRIB-3,
 * DEC-GD-8: its lowest card when it holds none within the limit). Null when it has neither to do.
 */
export function seatTributeMove(
  view: GuandanView,
  seat: Seat,
  ruleset: Ruleset,
  prng: Prng,
): GiveTribute | ReturnTribute | null {
  const hand = view.hand;
  const held = view.seats[seat].hand;
  if (hand?.phase !== 'tribute' || held === null || held.length === 0) return null;
  const level = hand.level;
  if (tributersInView(view).includes(seat) && !hand.tributes.some((t) => t.from === seat)) {
    const candidates = held.filter((c) => !isWildcard(c, level));
    const best = candidates.reduce((a, b) => (cardPower(b, level) > cardPower(a, level) ? b : a));
    return { type: 'GiveTribute', seat, card: best };
  }
  const owed = hand.assignments.find((a) => a.to === seat);
  if (owed === undefined || hand.returnedBy.includes(seat)) return null;
  const limits = ruleset.returnTributeMaxFace;
  const max = teamOf(owed.from) === teamOf(seat) ? limits.toPartner : limits.toOpponent;
  const within = max === null ? held : held.filter((c) => faceValue(c) <= max);
  const pool =
    within.length > 0 ? within : [held.reduce((a, b) => (cardPower(b, level) < cardPower(a, level) ? b : a))];
  const card = pool[nextBelow(prng, pool.length)] ?? held[0];
  return card === undefined ? null : { type: 'ReturnTribute', seat, card };
}
