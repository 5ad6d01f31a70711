import { gameWordsFor } from '../../games/game-words';
import type { Lang } from '../i18n';

/** One seat a lower-third cue can name, with the name the game's skin gives it. */
export interface LowerThirdSeat {
  readonly seat: string;
  readonly name: string;
}

/**
 * The seats the producer's lower-third cues offer for the selected match: its game's skin's seats
 * (S/E/N/W in Guandan and Big Two, 0/1/2 in Dou Dizhu), named by the skin's labels in the
 * dashboard's language. A match whose game is not known yet (an older server, no match) is
 * offered Guandan's, the game views name when they name none; a game with no skin, none.
 */
export function lowerThirdSeats(game: string | null | undefined, lang: Lang): readonly LowerThirdSeat[] {
  const words = gameWordsFor({ revision: 0, ...(game == null ? {} : { game }) });
  if (words === null) return [];
  const names = words.labels[lang].seats;
  return words.seats.map((seat) => ({ seat, name: names[seat] ?? seat }));
}

/**
 * The offered seats, then each seat the cues name that they lack (a director rule written while
 * another game's match was selected), under its id, so a rule's choice always shows as it is.
 */
export function withCuedSeats(
  seats: readonly LowerThirdSeat[],
  cued: readonly string[],
): readonly LowerThirdSeat[] {
  const extra = [...new Set(cued)].filter((seat) => seat !== 'clear' && !seats.some((s) => s.seat === seat));
  return [...seats, ...extra.map((seat) => ({ seat, name: seat }))];
}
