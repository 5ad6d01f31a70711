import type { Prng } from '@tablecast/cards';
import type { GuandanCommand } from '../engine/commands';
import { cardPower, faceValue, isWildcard } from '../engine/cards-power';
import { tributers } from '../engine/decide-deal';
import { returnChoiceDue } from '../engine/decide-tribute';
import type { MatchState } from '../engine/state';
import { SEATS, teamOf, type Seat } from '../model/seats';
import { randomLegalCommand } from './random-bot';

/**
 * The module's `seatBotCommand`: one seat's legal move now, or null when the seat has nothing to
 * do (another seat's turn, a deal to key, a leader the referee names). The tribute moves are fixed
 * by the hands, so bots on several seats acting at once, one of them losing the race and deciding
 * again, reach the same deal: the highest card but the heart level card as tribute (GD-TRIB-2),
 * the lowest card within the ruleset's limit back (GD-TRIB-3, DEC-GD-8: the lowest card when none
 * is within it), and, after equal double tributes and unequal returns, the first tributer in seat
 * order takes the higher returned card (GD-VAR-004-3; the other tributer ends with the smaller and
 * leads). It never claims an optional anti-tribute (GD-VAR-004-4). Its plays are the random legal
 * bot's for the seat on turn, drawn from `random` only then.
 */
export function guandanSeatBotCommand(state: MatchState, seat: string, random: Prng): GuandanCommand | null {
  const hand = state.hand;
  const own = SEATS.find((s) => s === seat);
  if (hand === null || own === undefined || state.status !== 'inHand') return null;
  if (hand.phase === 'tribute') return tributeMove(state, own);
  if (hand.phase !== 'play' || hand.turn !== own) return null;
  const command = randomLegalCommand(state, random);
  return command !== null && 'seat' in command && command.seat === own ? command : null;
}

function tributeMove(state: MatchState, seat: Seat): GuandanCommand | null {
  const hand = state.hand;
  if (hand === null) return null;
  const level = hand.level;
  const held = hand.hands[seat];
  const payers = tributers(state);
  if (payers.includes(seat) && !hand.tributesGiven.some((t) => t.from === seat)) {
    const candidates = held.filter((c) => !isWildcard(c, level));
    if (candidates.length === 0) return null;
    const best = candidates.reduce((a, b) => (cardPower(b, level) > cardPower(a, level) ? b : a));
    return { type: 'GiveTribute', seat, card: best };
  }
  const owed = hand.assignments.find((a) => a.to === seat);
  if (owed !== undefined && !hand.returnedBy.includes(seat)) {
    const limits = state.ruleset.returnTributeMaxFace;
    const max = teamOf(owed.from) === teamOf(seat) ? limits.toPartner : limits.toOpponent;
    const within = max === null ? held : held.filter((c) => faceValue(c) <= max);
    const pool = within.length > 0 ? within : held;
    if (pool.length === 0) return null;
    const lowest = pool.reduce((a, b) => (cardPower(b, level) < cardPower(a, level) ? b : a));
    return { type: 'ReturnTribute', seat, card: lowest };
  }
  if (returnChoiceDue(state) && payers[0] === seat) {
    const higher = [...hand.returns].sort((a, b) => cardPower(b.card, level) - cardPower(a.card, level))[0];
    return higher === undefined ? null : { type: 'ChooseReturn', seat, card: higher.card };
  }
  return null;
}
