import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING_POINTS, boardStandings, rankingPoints, roundStandings } from './matchpoints';

describe('duplicate matchpoints and the round ranking', () => {
  it('DDZ-T6: three players of a 人机赛, three boards: 30000, 21000 and 21000, the tie broken by play time', () => {
    const boards = [
      { scores: [24, -12, -12], seconds: [60, 80, 78] },
      { scores: [24, -12, -12], seconds: [60, 72, 78] },
      { scores: [24, -12, -12], seconds: [60, 68, 78] },
    ];
    const perBoard = boards.map((board) => boardStandings(board.scores));
    for (const standings of perBoard) {
      expect(standings).toEqual([
        { mp: 4, percent: 100, rank: 1 },
        { mp: 1, percent: 25, rank: 2 },
        { mp: 1, percent: 25, rank: 2 },
      ]);
      expect(standings.map((s) => rankingPoints(s.rank))).toEqual([10_000, 7_000, 7_000]);
    }
    const round = roundStandings(
      ['P1', 'P2', 'P3'].map((id, seat) => ({
        id,
        boardPoints: perBoard.map((standings) => rankingPoints(standings[seat]?.rank ?? 0)),
        boardSeconds: boards.map((board) => board.seconds[seat] ?? 0),
      })),
    );
    expect(round).toEqual([
      { id: 'P1', total: 30_000, totalSeconds: 180, rank: 1 },
      { id: 'P2', total: 21_000, totalSeconds: 220, rank: 2 },
      { id: 'P3', total: 21_000, totalSeconds: 234, rank: 3 },
    ]);
  });

  it('DDZ-MP-1: 2 matchpoints per lower score, 1 per equal score, 0 per higher', () => {
    expect(boardStandings([5, 3, 3, 9]).map((s) => s.mp)).toEqual([4, 1, 1, 6]);
  });

  it('DDZ-MP-2: MP% is MP over top = 2 × (N − 1)', () => {
    expect(boardStandings([5, 3, 3, 9]).map((s) => s.percent)).toEqual([
      (4 / 6) * 100,
      (1 / 6) * 100,
      (1 / 6) * 100,
      100,
    ]);
    expect(boardStandings([7])).toEqual([{ mp: 0, percent: 100, rank: 1 }]);
  });

  it('DDZ-MP-3: equal MP% share a rank and the next ranks are skipped', () => {
    expect(boardStandings([8, 8, 2, 1]).map((s) => s.rank)).toEqual([1, 1, 3, 4]);
  });

  it('DDZ-MP-4: ranking points 10000, 7000, 5000, 3500; past the table is refused, not guessed', () => {
    expect([1, 2, 3, 4].map((rank) => rankingPoints(rank))).toEqual([...DEFAULT_RANKING_POINTS]);
    expect(() => rankingPoints(5)).toThrow(/DDZ-MP-4: no ranking points for rank 5/);
    expect(rankingPoints(5, [10_000, 7_000, 5_000, 3_500, 2_000])).toBe(2_000);
  });

  it('DDZ-MP-5: the final score is the plain sum of the board ranking points', () => {
    const [only] = roundStandings([
      { id: 'A', boardPoints: [10_000, 3_500, 7_000], boardSeconds: [1, 2, 3] },
    ]);
    expect(only?.total).toBe(20_500);
  });

  it('DDZ-TB-1: equal S break by less total time, then by the trimmed average time; still equal shares a rank', () => {
    const round = roundStandings([
      { id: 'slow', boardPoints: [7_000, 7_000], boardSeconds: [50, 60] },
      { id: 'fast', boardPoints: [7_000, 7_000], boardSeconds: [40, 60] },
      { id: 'top', boardPoints: [10_000, 10_000], boardSeconds: [90, 90] },
    ]);
    expect(round.map((s) => [s.id, s.rank])).toEqual([
      ['top', 1],
      ['fast', 2],
      ['slow', 3],
    ]);
    // Same total time: the average without the longest and shortest board decides.
    const trimmed = roundStandings([
      { id: 'a', boardPoints: [1, 1, 1], boardSeconds: [10, 50, 60] },
      { id: 'b', boardPoints: [1, 1, 1], boardSeconds: [30, 40, 50] },
      { id: 'c', boardPoints: [1, 1, 1], boardSeconds: [30, 40, 50] },
    ]);
    expect(trimmed.map((s) => [s.id, s.rank])).toEqual([
      ['b', 1],
      ['c', 1],
      ['a', 3],
    ]);
  });
});
