import { nextBelow, type Prng } from '@tablecast/cards';
import { defendersOf, type Bid } from '../events/primitives';
import { timeoutDefault } from '../engine/clock';
import type { DoudizhuCommand } from '../engine/commands';
import { highestBid } from '../engine/decide-bid';
import { legalPlaysFor } from '../engine/rules-port';
import type { DoudizhuState } from '../engine/state';
import { quickLead } from './quick-lead';

export interface BotOptions {
  /** Chance in 1000 that the clock runs out and the default is played instead (DDZ-BID-6, DDZ-PLAY-6). */
  readonly timeoutPerMille?: number;
  /** Chance in 1000 that a follower passes although he could play. */
  readonly passPerMille?: number;
  /** Chance in 1000 that a leader picks from every legal lead rather than a quick one (see quickLead). */
  readonly fullLeadPerMille?: number;
}

/** A random legal move for whoever must act, or null when nobody must (between boards). */
export function randomLegalCommand(
  state: DoudizhuState,
  prng: Prng,
  options: BotOptions = {},
): DoudizhuCommand | null {
  const board = state.board;
  if (state.status !== 'inBoard' || board === null) return null;
  if (nextBelow(prng, 1000) < (options.timeoutPerMille ?? 20)) {
    const fallback = timeoutDefault(state);
    if (fallback !== null) return fallback;
  }
  switch (board.phase) {
    case 'bidding': {
      if (board.turn === null) return null;
      const high = highestBid(board)?.bid ?? 0;
      const bids: Bid[] = ['pass', ...([1, 2, 3] as const).filter((b) => b > high)];
      return { type: 'Bid', seat: board.turn, bid: pick(bids, prng) };
    }
    case 'doubling': {
      if (board.landlord === null) return null;
      const open = defendersOf(board.landlord).filter((s) => board.doubles[s] === null);
      return { type: 'Double', seat: pick(open, prng), double: nextBelow(prng, 2) === 1 };
    }
    case 'redoubling':
      return board.landlord === null
        ? null
        : { type: 'Redouble', seat: board.landlord, redouble: nextBelow(prng, 2) === 1 };
    case 'play': {
      const seat = board.turn;
      if (seat === null) return null;
      const toBeat = board.trick?.last?.as ?? null;
      const hand = board.hands[seat];
      if (toBeat === null && nextBelow(prng, 1000) >= (options.fullLeadPerMille ?? 100)) {
        const lead = quickLead(hand, prng);
        if (lead !== null) return { type: 'PlayCards', seat, cards: lead.cards, as: lead.as };
      }
      const plays = legalPlaysFor(hand, toBeat);
      if (toBeat !== null && (plays.length === 0 || nextBelow(prng, 1000) < (options.passPerMille ?? 300))) {
        return { type: 'Pass', seat };
      }
      const play = pick(plays, prng);
      return { type: 'PlayCards', seat, cards: play.cards, as: play.as };
    }
    case 'dealing':
    case 'over':
      return null;
  }
}

function pick<T>(items: readonly T[], prng: Prng): T {
  const item = items[nextBelow(prng, items.length)];
  if (item === undefined) throw new RangeError('pick from an empty list');
  return item;
}
