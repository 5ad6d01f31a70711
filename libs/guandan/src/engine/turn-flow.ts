import type { Emitter } from './emitter';
import { nextToAct, trickOutcome } from './turns';

/** GD-PLAY-4: emit TrickWon once everyone still in has passed. */
export function settleTrick(em: Emitter): void {
  const hand = em.state.hand;
  if (hand?.phase !== 'play') return;
  const outcome = trickOutcome(hand);
  if (outcome !== null) em.emit({ type: 'TrickWon', data: outcome });
}

/**
 * GD-PEN-11: when the turn reaches a player who lost it, he is passed over once: an automatic pass,
 * or, if he would lead, the lead goes to his 下家. Called after every decision that moves the turn.
 */
export function applySkips(em: Emitter): void {
  for (let guard = 0; guard < 8; guard += 1) {
    const hand = em.state.hand;
    const seat = hand?.turn;
    if (hand?.phase !== 'play' || seat == null || !hand.skipOnce.includes(seat)) return;
    if (hand.trick?.last == null) {
      em.emit({ type: 'LeadAssigned', data: { seat: nextToAct(hand, seat) ?? seat, reason: 'turnLost' } });
    } else {
      em.emit({ type: 'Passed', data: { seat } });
      settleTrick(em);
    }
  }
}
