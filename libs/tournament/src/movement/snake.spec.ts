import { describe, expect, it } from 'vitest';
import { firstRoundMovement, movesAfter, playerNumbers, snakeMovement, snakeSeat } from './snake';

describe('TRN-MOVE duplicate Swiss movement with snake seating', () => {
  it('TRN-MOVE-5: the snake table of 002 附录三, rank by rank', () => {
    const table = [
      ['1st', '2nd', '3rd'],
      ['6th', '5th', '4th'],
      ['7th', '8th', '9th'],
      ['12th', '11th', '10th'],
    ];
    for (const [t, row] of table.entries())
      for (const [seat, label] of row.entries())
        expect(snakeSeat(Number.parseInt(label, 10), 3), label).toEqual({ table: t + 1, seat });
    // The digest's own checks.
    expect(snakeSeat(4, 3)).toEqual({ table: 2, seat: 2 });
    expect(snakeSeat(5, 3)).toEqual({ table: 2, seat: 1 });
    expect(snakeSeat(6, 3)).toEqual({ table: 2, seat: 0 });
    expect(snakeSeat(12, 3)).toEqual({ table: 4, seat: 0 });
  });

  it('TRN-MOVE-5: Big Two seats 4 to a table in the same snake', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => snakeSeat(r, 4))).toEqual([
      { table: 1, seat: 0 },
      { table: 1, seat: 1 },
      { table: 1, seat: 2 },
      { table: 1, seat: 3 },
      { table: 2, seat: 3 },
      { table: 2, seat: 2 },
      { table: 2, seat: 1 },
      { table: 2, seat: 0 },
      { table: 3, seat: 0 },
    ]);
  });

  it('TRN-MOVE-3/4: the top 3N form group 1, the next 3N group 2, each seated by its own snake', () => {
    const ranking = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);
    const seating = snakeMovement(ranking, { seats: 3, tablesPerGroup: 2 });
    expect(seating.map((s) => [s.player, s.group, s.table, s.seat])).toEqual([
      ['R1', 1, 1, 0],
      ['R2', 1, 1, 1],
      ['R3', 1, 1, 2],
      ['R4', 1, 2, 2],
      ['R5', 1, 2, 1],
      ['R6', 1, 2, 0],
      ['R7', 2, 1, 0],
      ['R8', 2, 1, 1],
      ['R9', 2, 1, 2],
      ['R10', 2, 2, 2],
      ['R11', 2, 2, 1],
      ['R12', 2, 2, 0],
    ]);
    expect(() => snakeMovement(ranking.slice(0, 10), { seats: 3, tablesPerGroup: 2 })).toThrow(/^players/);
    expect(() => snakeMovement(ranking, { seats: 4, tablesPerGroup: 0 })).toThrow(/^tablesPerGroup/);
  });

  it('TRN-MOVE-3/4: round 1 is drawn at random into 4N groups, the same seed drawing the same', () => {
    const players = Array.from({ length: 16 }, (_, i) => `P${i + 1}`);
    const field = { seats: 4, tablesPerGroup: 2 } as const;
    const drawn = firstRoundMovement(players, field, 'ddz-2026');
    expect(firstRoundMovement(players, field, 'ddz-2026')).toEqual(drawn);
    expect(drawn.map((s) => s.player)).not.toEqual(players);
    expect(new Set(drawn.map((s) => `${s.group}/${s.table}/${s.seat}`)).size).toBe(16);
    expect(drawn.filter((s) => s.group === 2)).toHaveLength(8);
  });

  it('TRN-MOVE-1/2: numbers are fixed before the start and comparison is within group and seat', () => {
    const numbers = playerNumbers(['ann', 'bo', 'cai']);
    expect([...numbers]).toEqual([
      ['ann', 1],
      ['bo', 2],
      ['cai', 3],
    ]);
    expect(() => playerNumbers(['ann', 'ann'])).toThrow(/^players/);
    // Two groups never share a comparison set: group is part of every seating.
    const seating = snakeMovement(['a', 'b', 'c', 'd', 'e', 'f'], { seats: 3, tablesPerGroup: 1 });
    expect(new Set(seating.map((s) => s.group))).toEqual(new Set([1, 2]));
  });

  it('TRN-MOVE-6: moving after each session (the default) or only after each round', () => {
    expect(movesAfter('session')).toBe(true);
    expect(movesAfter('round')).toBe(true);
    expect(movesAfter('session', { moveAfter: 'round', rankingBasis: 'cumulative' })).toBe(false);
    expect(movesAfter('round', { moveAfter: 'round', rankingBasis: 'lastSession' })).toBe(true);
  });
});
