import type { Secret } from '@tablecast/game-kit';
import type { HandState, MatchState } from '../engine/state';
import { SEATS, type Seat } from '../model/seats';

/**
 * Who has seen a card of the current deal: its holder, and the seats a tribute or a return passed
 * it between (GD-TRIB-1…5, GD-VAR-004-3).
 */
export function seenBy(hand: HandState, card: string, holder: Seat | null): Seat[] {
  const seats = new Set<Seat>(holder === null ? [] : [holder]);
  for (const t of hand.tributesGiven) if (t.card === card) seats.add(t.from);
  for (const a of hand.assignments) if (a.card === card) seats.add(a.to);
  for (const r of hand.returns) {
    if (r.card === card) {
      seats.add(r.from);
      seats.add(r.to);
    }
  }
  return [...seats];
}

/**
 * The hidden cards of a Guandan state: every card in a hand (GD-DEAL-2: held face down), and a
 * tribute handed over but not yet assigned to its receiver. Played cards are public.
 */
export function guandanSecrets(state: MatchState): Secret[] {
  const hand = state.hand;
  if (hand === null) return [];
  const secrets: Secret[] = [];
  for (const seat of SEATS) {
    for (const card of hand.hands[seat]) secrets.push({ seenBy: seenBy(hand, card, seat), values: [card] });
  }
  const assigned = new Set(hand.assignments.map((a) => a.card));
  for (const t of hand.tributesGiven) {
    if (!assigned.has(t.card)) secrets.push({ seenBy: [t.from], values: [t.card] });
  }
  return secrets;
}
