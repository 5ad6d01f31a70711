import type { Face } from '@tablecast/cards';
import { ddzLegalPlays, type DdzReading } from '../combos';
import { highestBid } from '../engine/decide-bid';
import type { DoudizhuState } from '../engine/state';
import { defendersOf, type Bid, type Seat } from '../events/primitives';

/**
 * What one seat may do now, for its own terminal: nothing when it is not to act. Worked out by the
 * rules engine on the server so a terminal offers only legal moves without running the engine.
 * It tells the seat nothing the seat's view does not (its own hand, the public trick and bids).
 */
export type SeatChoices =
  | { readonly kind: 'wait' }
  /** DDZ-BID-2/3: pass, or a bid above the highest so far. */
  | { readonly kind: 'bid'; readonly bids: readonly Bid[] }
  /** DDZ-DBL-1: a defender who has not chosen yet. */
  | { readonly kind: 'double' }
  /** DDZ-DBL-2: the landlord, once both doubles are revealed. */
  | { readonly kind: 'redouble' }
  /**
   * DDZ-PLAY-*: every distinct legal play from the hand (suits do not matter, DDZ-CMP-*); `mayPass`
   * when following (the leader must play).
   */
  | {
      readonly kind: 'play';
      readonly plays: readonly { readonly cards: readonly Face[]; readonly as: DdzReading }[];
      readonly mayPass: boolean;
    };

const WAIT: SeatChoices = { kind: 'wait' };

export function seatChoices(state: DoudizhuState, seat: Seat): SeatChoices {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return WAIT;
  switch (board.phase) {
    case 'bidding': {
      if (board.turn !== seat) return WAIT;
      const high = highestBid(board)?.bid ?? 0;
      return { kind: 'bid', bids: ['pass', ...([1, 2, 3] as const).filter((b) => b > high)] };
    }
    case 'doubling':
      return board.landlord !== null &&
        defendersOf(board.landlord).includes(seat) &&
        board.doubles[seat] === null
        ? { kind: 'double' }
        : WAIT;
    case 'redoubling':
      return board.landlord === seat ? { kind: 'redouble' } : WAIT;
    case 'play': {
      if (board.turn !== seat) return WAIT;
      const toBeat = board.trick?.last?.as ?? null;
      return { kind: 'play', plays: ddzLegalPlays(board.hands[seat], toBeat), mayPass: toBeat !== null };
    }
    case 'dealing':
    case 'over':
      return WAIT;
  }
}
