import type { B2Play } from '../combos';
import { legalPlaysNow } from '../engine/legal';
import type { BigTwoState } from '../engine/state';
import type { Seat } from '../events/primitives';

/**
 * What one seat may do now, for its own terminal: nothing when it is not to act. Worked out by the
 * rules engine on the server; it tells the seat nothing its own view does not.
 */
export type B2SeatChoices =
  | { readonly kind: 'wait' }
  /** B2-SHOW-1: show the hand (明牌) or not. */
  | { readonly kind: 'show' }
  /** B2-DBL-1: double (加倍) or not, on turn. */
  | { readonly kind: 'double' }
  /** B2-PLAY-*: every distinct legal play; `mayPass` when following (the leader must play). */
  | {
      readonly kind: 'play';
      readonly plays: readonly B2Play[];
      readonly mayPass: boolean;
    };

const WAIT: B2SeatChoices = { kind: 'wait' };

export function bigtwoSeatChoices(state: BigTwoState, seat: Seat): B2SeatChoices {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return WAIT;
  switch (board.phase) {
    case 'showing':
      return board.shown[seat] === null ? { kind: 'show' } : WAIT;
    case 'doubling':
      return board.turn === seat ? { kind: 'double' } : WAIT;
    case 'play':
      return board.turn === seat
        ? { kind: 'play', plays: legalPlaysNow(state, seat), mayPass: board.trick?.last != null }
        : WAIT;
    case 'dealing':
    case 'over':
      return WAIT;
  }
}
