import type { Secret } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import type { BigTwoState } from '../engine/state';

/**
 * The hidden cards of a Big Two state: each card in a hand that its holder has not shown (his
 * own). A shown hand (B2-SHOW-1) and played cards are public; once the board is over the deal is
 * revealed and nothing is hidden.
 */
export function bigtwoSecrets(state: BigTwoState): Secret[] {
  const board = state.board;
  if (board === null || board.phase === 'over') return [];
  const secrets: Secret[] = [];
  for (const seat of SEATS) {
    if (board.shown[seat] === true) continue;
    const values = [...board.hands[seat]];
    if (values.length > 0) secrets.push({ seenBy: [seat], values });
  }
  return secrets;
}
