import type { Secret } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import type { BigTwoState } from '../engine/state';

/**
 * The hidden cards of a Big Two state: each card in a hand that its holder has not shown (his
 * own). A shown hand (B2-SHOW-1) and played cards are public. A board's secrets last exactly as
 * long as its deal is unrevealed: a table's own board is revealed at its end; a duplicate board's
 * cards left in hand stay hidden after its end here until its set reveals it (DEC-B2-4).
 */
export function bigtwoSecrets(state: BigTwoState): Secret[] {
  const board = state.board;
  if (board === null) return [];
  if (board.phase === 'over' && !state.sealed.some((s) => s.board === board.number)) return [];
  const secrets: Secret[] = [];
  for (const seat of SEATS) {
    if (board.shown[seat] === true) continue;
    const values = [...board.hands[seat]];
    if (values.length > 0) secrets.push({ seenBy: [seat], values });
  }
  return secrets;
}
