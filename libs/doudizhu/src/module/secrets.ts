import type { Secret } from '@tablecast/game-kit';
import { SEATS } from '../events/primitives';
import type { DoudizhuState } from '../engine/state';

/**
 * The hidden cards of a Dou Dizhu state: each card in a hand (its holder's) and the face-down
 * kitty (nobody's) until it is revealed (DDZ-DEAL-2). A revealed kitty card is public even in the
 * landlord's hand; played cards are public; once the board is over, every deal of it is revealed.
 */
export function doudizhuSecrets(state: DoudizhuState): Secret[] {
  const board = state.board;
  if (board === null || board.phase === 'over') return [];
  const shown = new Set<string>(board.kittyRevealed ? board.kitty : []);
  const secrets: Secret[] = [];
  for (const seat of SEATS) {
    const values = board.hands[seat].filter((card) => !shown.has(card));
    if (values.length > 0) secrets.push({ seenBy: [String(seat)], values });
  }
  if (!board.kittyRevealed && board.kitty.length > 0) secrets.push({ seenBy: [], values: [...board.kitty] });
  return secrets;
}
