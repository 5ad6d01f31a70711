import { drawByLot } from '../pairing/draw';

/** Seats per table: 3 for Dou Dizhu (002 附录三), 4 for Big Two (001 第十三條). */
export type SeatsPerTable = 3 | 4;

export interface Seating {
  readonly player: string;
  /** Group from 1: only players of one group (and one seat) are compared (TRN-MOVE-1, TRN-MP-1). */
  readonly group: number;
  /** Table within the group, from 1. */
  readonly table: number;
  /** Seat from 0. */
  readonly seat: number;
}

/**
 * TRN-MOVE-5: the snake for within-group rank r. `table = ceil(r / s)`, `i = (r − 1) mod s`, seat i
 * at odd tables and s − 1 − i at even ones. Interpretation: 002 prints the table for 3 seats; Big
 * Two's appendix is missing, so 4 seats use the same snake.
 */
export function snakeSeat(rank: number, seats: SeatsPerTable): { table: number; seat: number } {
  if (!Number.isInteger(rank) || rank < 1) throw new RangeError(`rank: must be an integer ≥ 1, got ${rank}`);
  const table = Math.ceil(rank / seats);
  const i = (rank - 1) % seats;
  return { table, seat: table % 2 === 1 ? i : seats - 1 - i };
}

export interface MovementField {
  readonly seats: SeatsPerTable;
  /** N: tables in each group, so each group holds seats × N players (3N / 4N, TRN-MOVE-3). */
  readonly tablesPerGroup: number;
}

function groupSize(players: readonly string[], field: MovementField): number {
  if (!Number.isInteger(field.tablesPerGroup) || field.tablesPerGroup < 1)
    throw new RangeError(`tablesPerGroup: must be an integer ≥ 1, got ${field.tablesPerGroup}`);
  const size = field.seats * field.tablesPerGroup;
  if (players.length === 0 || players.length % size !== 0)
    throw new RangeError(
      `players: ${players.length} do not fill groups of ${size} (${field.seats} × ${field.tablesPerGroup})`,
    );
  if (new Set(players).size !== players.length) throw new RangeError('players: a player appears twice');
  return size;
}

/**
 * TRN-MOVE-3/4/5, later rounds: the current ranking (best first) fills group 1 with the top s·N,
 * group 2 with the next s·N, and so on; within a group, tables and seats follow the snake.
 */
export function snakeMovement(ranking: readonly string[], field: MovementField): Seating[] {
  const size = groupSize(ranking, field);
  return ranking.map((player, i) => ({
    player,
    group: Math.floor(i / size) + 1,
    ...snakeSeat((i % size) + 1, field.seats),
  }));
}

/**
 * TRN-MOVE-3/4, round 1: players go to groups at random, and to tables and seats at random within
 * the group. The seed is recorded so the draw can be re-run.
 */
export function firstRoundMovement(
  players: readonly string[],
  field: MovementField,
  seed: string,
): Seating[] {
  const size = groupSize(players, field);
  return drawByLot(players, seed).map((player, i) => {
    const r = i % size;
    return {
      player,
      group: Math.floor(i / size) + 1,
      table: Math.floor(r / field.seats) + 1,
      seat: r % field.seats,
    };
  });
}

/**
 * TRN-MOVE-6 open question: move after each session (局) or each round (轮), and rank on the
 * cumulative standings or the last session alone. Defaults: after each session, on the cumulative
 * standings (the session rule is the more specific text; "current ranking" reads as cumulative).
 */
export interface MovementOptions {
  readonly moveAfter: 'session' | 'round';
  readonly rankingBasis: 'cumulative' | 'lastSession';
}

export const DEFAULT_MOVEMENT_OPTIONS: MovementOptions = { moveAfter: 'session', rankingBasis: 'cumulative' };

/** TRN-MOVE-6: whether the players move at this boundary (a round's end is also a session's end). */
export function movesAfter(
  boundary: 'session' | 'round',
  options: MovementOptions = DEFAULT_MOVEMENT_OPTIONS,
): boolean {
  return options.moveAfter === 'session' || boundary === 'round';
}

/**
 * TRN-MOVE-2: player numbers are given once, before the start, and never change; a number is the
 * player's place in the entry list, from 1.
 */
export function playerNumbers(entries: readonly string[]): ReadonlyMap<string, number> {
  if (new Set(entries).size !== entries.length) throw new RangeError('players: a player appears twice');
  return new Map(entries.map((player, i) => [player, i + 1]));
}
