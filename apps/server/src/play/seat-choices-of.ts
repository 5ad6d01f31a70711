import { seatChoices, type DoudizhuState } from '@tablecast/doudizhu';
import type { LoadedMatch } from '../matches/loaded-match';

/**
 * The moves a seat may make now, from its game's rules engine; null for a game whose module does
 * not list them (the terminal then offers every move and the server refuses an illegal one).
 */
export function seatChoicesOf(match: LoadedMatch, seat: string): unknown {
  if (match.game === 'doudizhu') {
    const n = Number(seat);
    if (n !== 0 && n !== 1 && n !== 2) return null;
    return seatChoices(match.state as DoudizhuState, n);
  }
  return null;
}
