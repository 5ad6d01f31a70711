import type { Secret } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import type { DoudizhuState } from '../engine/state';

/**
 * The hidden cards of a Dou Dizhu state: each card in a hand (its holder's) and the face-down
 * kitty (nobody's) until it is revealed (DDZ-DEAL-2). A revealed kitty card is public even in the
 * landlord's hand; played cards are public. A board's secrets last exactly as long as its deal is
 * unrevealed: a table's own board is revealed at its end, so nothing is hidden once it is over; a
 * duplicate board's cards left in hand stay hidden after its end here until its set reveals the
 * deal (DEC-DDZ-4), and are dropped with that reveal.
 */
export function doudizhuSecrets(state: DoudizhuState): Secret[] {
  const board = state.board;
  if (board === null) return [];
  if (board.phase === 'over' && !state.sealed.some((s) => s.board === board.number)) return [];
  const shown = new Set<string>(board.kittyRevealed ? board.kitty : []);
  const secrets: Secret[] = [];
  for (const seat of SEATS) {
    const values = board.hands[seat].filter((card) => !shown.has(card));
    if (values.length > 0) secrets.push({ seenBy: [String(seat)], values });
  }
  if (!board.kittyRevealed && board.kitty.length > 0) secrets.push({ seenBy: [], values: [...board.kitty] });
  return secrets;
}
