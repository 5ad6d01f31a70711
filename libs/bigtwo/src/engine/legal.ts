import type { Face } from '@tablecast/cards';
import { nextSeat, type Seat } from '../events/primitives';
import { highestSingle } from './card-order';
import type { PlayReading } from './commands';
import { combinationsFor, rulesOf, type LegalPlay } from './rules-port';
import type { B2BoardState, BigTwoState } from './state';

/**
 * B2-PLAY-7, DEC-B2-3: when a player's 下家 has one card left, a single he plays must be his
 * highest; he may still pass or play a combination of more cards.
 */
export function restrictedToHighestSingle(board: B2BoardState, seat: Seat): boolean {
  return board.hands[nextSeat(seat)].length === 1;
}

/**
 * Every distinct legal play for `seat` now: the combinations that lead or beat the play to beat
 * (B2-PLAY-2/3, B2-CMP-*), those holding ♦3 on the board's first lead (B2-PLAY-1), and only the
 * highest single among singles under B2-PLAY-7.
 */
export function legalPlaysNow(state: BigTwoState, seat: Seat): readonly LegalPlay[] {
  const board = state.board;
  if (board?.phase !== 'play' || board.turn !== seat) return [];
  const hand = board.hands[seat];
  const toBeat: PlayReading | null = board.trick?.last?.as ?? null;
  let plays = combinationsFor(hand, toBeat, rulesOf(state.ruleset));
  if (board.firstLead) plays = plays.filter((p) => p.faces.includes('D3'));
  if (restrictedToHighestSingle(board, seat)) {
    const top: Face | null = highestSingle(hand);
    plays = plays.filter((p) => p.faces.length > 1 || p.faces[0] === top);
  }
  return plays;
}
