import type { LoadedMatch } from '../matches/loaded-match';

/**
 * The moves a seat may make now, from its game's module (`seatChoices`); null for a game whose
 * module does not list them (the terminal then offers every move and the server refuses an
 * illegal one).
 */
export function seatChoicesOf(match: LoadedMatch, seat: string): unknown {
  return match.module.seatChoices?.(match.state, seat) ?? null;
}
