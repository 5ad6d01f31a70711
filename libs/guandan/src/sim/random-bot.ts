import { faceOfCard, nextBelow, type CardId, type Face, type Prng } from '@tablecast/cards';
import { legalPlays, legalPlaysOfType, type Play } from '../combos/legal-plays';
import { COMBO_TYPES } from '../model/reading';
import { SEATS, teamOf } from '../model/seats';
import { cardPower, faceValue, isWildcard } from '../engine/cards-power';
import type { GuandanCommand } from '../engine/commands';
import { tributers } from '../engine/decide-deal';
import { returnChoiceDue } from '../engine/decide-tribute';
import type { MatchState } from '../engine/state';

/**
 * A random legal bot: the command some player must send next, chosen with `prng` among legal ones.
 * Used by the playout tests, the benchmarks and the CLI's demo; `passBias` in [0,1] is the chance
 * of passing when a follow is possible. `known`, when the caller already has them, are the seat
 * to play's legal plays against the trick (`legalPlays`): used instead of deriving them again,
 * with the same draws from `prng`, so the choice is the same either way.
 */
export function randomLegalCommand(
  state: MatchState,
  prng: Prng,
  passBias = 0.3,
  known?: readonly Play[],
): GuandanCommand | null {
  const hand = state.hand;
  if (hand === null) return null;
  switch (hand.phase) {
    case 'dealing':
    case 'over':
      return null;
    case 'designate':
      return { type: 'DesignateLeader', seat: SEATS[nextBelow(prng, 4)] ?? 'S' };
    case 'tribute': {
      const payer = tributers(state).find((s) => !hand.tributesGiven.some((t) => t.from === s));
      if (payer !== undefined) {
        const held = hand.hands[payer].filter((c) => !isWildcard(c, hand.level));
        const best = held.reduce((a, b) => (cardPower(b, hand.level) > cardPower(a, hand.level) ? b : a));
        return { type: 'GiveTribute', seat: payer, card: best };
      }
      const pending = hand.assignments.find((a) => !hand.returnedBy.includes(a.to));
      if (pending === undefined) {
        if (!returnChoiceDue(state)) return null;
        const chooser = tributers(state)[nextBelow(prng, 2)] ?? 'S';
        const pick = hand.returns[nextBelow(prng, hand.returns.length)];
        return pick === undefined ? null : { type: 'ChooseReturn', seat: chooser, card: pick.card };
      }
      const held = hand.hands[pending.to];
      const limits = state.ruleset.returnTributeMaxFace;
      const max = teamOf(pending.to) === teamOf(pending.from) ? limits.toPartner : limits.toOpponent;
      const ok = max === null ? held : held.filter((c) => faceValue(c) <= max);
      const pool =
        ok.length > 0
          ? ok
          : [held.reduce((a, b) => (cardPower(b, hand.level) < cardPower(a, hand.level) ? b : a))];
      return {
        type: 'ReturnTribute',
        seat: pending.to,
        card: pool[nextBelow(prng, pool.length)] ?? held[0] ?? 'RJa',
      };
    }
    case 'play': {
      const seat = hand.turn;
      if (seat === null) return null;
      const toBeat = hand.trick?.last?.as ?? null;
      const held = hand.hands[seat];
      if (toBeat !== null && nextBelow(prng, 1000) < passBias * 1000) return { type: 'Pass', seat };
      const faces = held.map(faceOfCard);
      // Leading: pick a type at random first (cheap), falling back to every lead if it has none.
      let plays: readonly Play[] = [];
      if (toBeat === null) {
        const type = COMBO_TYPES[nextBelow(prng, COMBO_TYPES.length)] ?? 'single';
        plays = legalPlaysOfType(faces, null, hand.level, type, state.ruleset);
      }
      if (plays.length === 0) plays = known ?? legalPlays(faces, toBeat, hand.level, state.ruleset);
      const play = plays[plays.length === 0 ? 0 : nextBelow(prng, plays.length)];
      if (play === undefined) return { type: 'Pass', seat };
      return { type: 'PlayCards', seat, cards: physical(held, play.cards), as: play.as };
    }
    default:
      return unreachablePhase(hand.phase);
  }
}

/** Picks physical cards from the hand for the given faces (either copy serves, GD-DECK-1). */
export function physical(held: readonly CardId[], faces: readonly Face[]): CardId[] {
  const pool = [...held];
  const out: CardId[] = [];
  for (const face of faces) {
    const k = pool.findIndex((c) => faceOfCard(c) === face);
    const card = pool[k];
    if (card === undefined) continue;
    out.push(card);
    pool.splice(k, 1);
  }
  return out;
}

function unreachablePhase(phase: never): null {
  return phase;
}
