import { boardMatchpoints, rankingPoints } from '@tablecast/tournament';
import { describe, expect, it } from 'vitest';

// Big Two's duplicate matchpoints are the game-neutral tournament library's (TRN-MP-*); the source's
// own example (B2-T4) must come out of it as the digest derives it.

/** B2-T4: three players, three boards (score and play time per board). */
const BOARDS: readonly (readonly number[])[] = [
  [15, 7, 21],
  [1, 1, -3],
  [18, 51, 18],
];

const standings = BOARDS.map((scores) => boardMatchpoints(scores));

describe('Big Two matchpoints (B2-T4)', () => {
  it('B2-MP-1: 2 per lower score and 1 per equal score among the players of the board', () => {
    expect(standings.map((board) => board.map((s) => s.mp))).toEqual([
      [2, 0, 4],
      [3, 3, 0],
      [1, 4, 1],
    ]);
  });

  it('B2-MP-2: top = 2(N − 1) = 4, MP% = MP / top', () => {
    expect(standings.flat().every((s) => s.top === 4)).toBe(true);
    expect(standings.map((board) => board.map((s) => s.pct.toNumber()))).toEqual([
      [50, 0, 100],
      [75, 75, 0],
      [25, 100, 25],
    ]);
  });

  it('B2-MP-3: equal MP% share a rank and later ranks are skipped — board 2 ranks P3 third, not the printed second', () => {
    expect(standings.map((board) => board.map((s) => s.rank))).toEqual([
      [2, 3, 1],
      [1, 1, 3],
      [2, 1, 2],
    ]);
  });

  it('B2-MP-4: ranking points 10000, 7000, 5000 by board rank, tied players each their shared rank’s', () => {
    expect(standings.map((board) => board.map((s) => rankingPoints(s.rank).toNumber()))).toEqual([
      [7000, 5000, 10000],
      [10000, 10000, 5000],
      [7000, 10000, 7000],
    ]);
  });

  it('B2-MP-5: the final score S sums the ranking points: P1 24000, P2 25000, P3 22000, so P2, P1, P3', () => {
    const totals = [0, 1, 2].map((p) =>
      standings.reduce((sum, board) => sum + rankingPoints(board[p]?.rank ?? 0).toNumber(), 0),
    );
    expect(totals).toEqual([24000, 25000, 22000]);
  });
});
