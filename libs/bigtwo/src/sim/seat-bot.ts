import { nextBelow, type Prng } from '@tablecast/cards';
import type { BigTwoCommand } from '../engine/commands';
import { legalPlaysNow } from '../engine/legal';
import type { BigTwoState } from '../engine/state';
import { SEATS, type Seat } from '../events/primitives';

/** How often a seat's bot shows (明牌), doubles (加倍) and passes when it could play, in 1000. */
const SHOW_PER_MILLE = 200;
const DOUBLE_PER_MILLE = 300;
const PASS_PER_MILLE = 200;

/**
 * What a bot on one seat sends now, or null when that seat has nothing to do: software can take any
 * seat while people play the others. A random legal move: its own show choice while the choices
 * run (B2-SHOW-1, all seats at once), its double on its turn (B2-DBL-1), and on its turn a random
 * legal play (B2-PLAY-*), or a pass when following. The turn clock, not the bot, sends defaults.
 */
export function bigtwoSeatBotCommand(state: BigTwoState, seat: string, prng: Prng): BigTwoCommand | null {
  const board = state.board;
  const own = SEATS.find((s): s is Seat => s === seat);
  if (state.status !== 'inBoard' || board === null || own === undefined) return null;
  switch (board.phase) {
    case 'showing':
      return board.shown[own] === null
        ? { type: 'Show', seat: own, show: nextBelow(prng, 1000) < SHOW_PER_MILLE }
        : null;
    case 'doubling':
      return board.turn === own
        ? { type: 'Double', seat: own, double: nextBelow(prng, 1000) < DOUBLE_PER_MILLE }
        : null;
    case 'play': {
      if (board.turn !== own) return null;
      const plays = legalPlaysNow(state, own);
      const following = board.trick?.last != null;
      if (following && (plays.length === 0 || nextBelow(prng, 1000) < PASS_PER_MILLE))
        return { type: 'Pass', seat: own };
      const play = plays[nextBelow(prng, Math.max(plays.length, 1))];
      return play === undefined ? null : { type: 'PlayCards', seat: own, cards: play.faces };
    }
    case 'dealing':
    case 'over':
      return null;
  }
}
