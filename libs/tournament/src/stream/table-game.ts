import type { DuplicateGame } from '../duplicate/duplicate-standings';
import type { SeatsPerTable } from '../movement/snake';

/** Seats per table of a duplicate game: Dou Dizhu 3 (DDZ-GEN-1), Big Two 4 (B2-GEN-1). */
export const DUPLICATE_SEATS: Readonly<Record<DuplicateGame, SeatsPerTable>> = { doudizhu: 3, bigtwo: 4 };

/** Whether an event's game is played as individual players at duplicate tables (TRN-MP-*, TRN-MOVE-*). */
export function isDuplicateGame(game: string): game is DuplicateGame {
  return Object.hasOwn(DUPLICATE_SEATS, game);
}
