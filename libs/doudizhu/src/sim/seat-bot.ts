import { nextBelow, type Prng } from '@tablecast/cards';
import { defendersOf, type Seat } from '../events/primitives';
import type { DoudizhuCommand } from '../engine/commands';
import type { DoudizhuState } from '../engine/state';
import { randomLegalCommand, type BotOptions } from './random-bot';

/**
 * The seats that may act now: the one whose turn it is, or both defenders while they choose their
 * doubles (DDZ-DBL-1: they choose at the same time, neither waits for the other).
 */
export function seatsToAct(state: DoudizhuState): Seat[] {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return [];
  if (board.phase === 'doubling') {
    return board.landlord === null
      ? []
      : defendersOf(board.landlord).filter((s) => board.doubles[s] === null);
  }
  if (board.phase === 'dealing' || board.phase === 'over') return [];
  return board.turn === null ? [] : [board.turn];
}

/**
 * What a bot on one seat sends now, or null when that seat has nothing to do (DDZ-GEN-3: software
 * can take any seat, 人机赛, while people play the others). A random legal move; the turn clock, not
 * the bot, sends the defaults, so the bot never lets its clock run out.
 */
export function seatBotCommand(
  state: DoudizhuState,
  seat: Seat,
  prng: Prng,
  options: Omit<BotOptions, 'timeoutPerMille'> = {},
): DoudizhuCommand | null {
  if (!seatsToAct(state).includes(seat)) return null;
  if (state.board?.phase === 'doubling') return { type: 'Double', seat, double: nextBelow(prng, 2) === 1 };
  const command = randomLegalCommand(state, prng, { ...options, timeoutPerMille: 0 });
  return command !== null && 'seat' in command && command.seat === seat ? command : null;
}
