import { nextBelow, type Prng } from '@tablecast/cards';
import { SEATS } from '../events/primitives';
import { timeoutDefault } from '../engine/clock';
import type { BigTwoCommand } from '../engine/commands';
import { legalPlaysNow } from '../engine/legal';
import type { BigTwoState } from '../engine/state';

export interface B2BotOptions {
  /** Chance in 1000 that the clock runs out and the default is recorded instead. */
  readonly timeoutPerMille?: number;
  /** Chance in 1000 that a follower passes although he could play. */
  readonly passPerMille?: number;
  /** Chance in 1000 of showing the hand (明牌), and of doubling (加倍). */
  readonly showPerMille?: number;
  readonly doublePerMille?: number;
}

/** A random legal move for whoever must act, or null when nobody must (between boards). */
export function randomLegalB2Command(
  state: BigTwoState,
  prng: Prng,
  options: B2BotOptions = {},
): BigTwoCommand | null {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return null;
  if (nextBelow(prng, 1000) < (options.timeoutPerMille ?? 20)) {
    const fallback = timeoutDefault(state);
    if (fallback !== null) return fallback;
  }
  switch (board.phase) {
    case 'showing': {
      const open = SEATS.filter((s) => board.shown[s] === null);
      const seat = open[nextBelow(prng, open.length)] ?? 'S';
      return { type: 'Show', seat, show: nextBelow(prng, 1000) < (options.showPerMille ?? 200) };
    }
    case 'doubling':
      return board.turn === null
        ? null
        : {
            type: 'Double',
            seat: board.turn,
            double: nextBelow(prng, 1000) < (options.doublePerMille ?? 300),
          };
    case 'play': {
      const seat = board.turn;
      if (seat === null) return null;
      const following = board.trick?.last != null;
      const plays = legalPlaysNow(state, seat);
      if (following && (plays.length === 0 || nextBelow(prng, 1000) < (options.passPerMille ?? 300))) {
        return { type: 'Pass', seat };
      }
      const play = plays[nextBelow(prng, plays.length)];
      return play === undefined ? null : { type: 'PlayCards', seat, cards: play.faces };
    }
    case 'dealing':
    case 'over':
      return null;
  }
}
