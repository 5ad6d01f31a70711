import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateStandings, type DuplicateGame, type DuplicateResult } from './duplicate-standings';

/** Boards of three players each in one comparison set: [player, score, seconds] per result. */
const boards = (...list: (readonly [string, number, number, number?])[][]): DuplicateResult[] =>
  list.flatMap((board, b) =>
    board.map(([player, score, seconds, table]) => ({
      board: b + 1,
      player,
      score,
      seconds,
      ...(table === undefined ? {} : { table }),
    })),
  );

const order = (game: DuplicateGame, results: DuplicateResult[]) =>
  duplicateStandings(game, results).map((r) => [r.player, r.rank]);
const stepValue = (game: DuplicateGame, results: DuplicateResult[], player: string, step: number) =>
  duplicateStandings(game, results).find((r) => r.player === player)?.tiebreaks[step];

describe('TRN-TB-4: Dou Dizhu, for equal S', () => {
  it('TRN-TB-4 step 2: equal total time, the lower average without the longest and shortest board', () => {
    // a wins board 1, b board 2, board 3 is equal: equal S; both 120 s, a 10/50/60, b 30/40/50.
    const results = boards(
      [
        ['a', 2, 10],
        ['b', 1, 30],
      ],
      [
        ['a', 1, 50],
        ['b', 2, 40],
      ],
      [
        ['a', 1, 60],
        ['b', 1, 50],
      ],
    );
    expect(order('doudizhu', results)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(stepValue('doudizhu', results, 'a', 2)).toMatchObject({
      key: 'trimmedMeanSeconds',
      value: { kind: 'number', value: '50' },
    });
    expect(stepValue('doudizhu', results, 'b', 2)?.value).toEqual({ kind: 'number', value: '40' });
  });

  it('TRN-TB-4 step 3: the higher average S of the defeated opponents (lower on the same board)', () => {
    // p and q each beat one opponent once and lose once; p's victim (x) ends with the higher S.
    const results = boards(
      [
        ['p', 3, 10],
        ['x', 2, 10],
        ['q', 1, 10],
      ],
      [
        ['q', 3, 10],
        ['y', 2, 10],
        ['p', 1, 10],
      ],
      [
        ['x', 3, 10],
        ['p', 2, 10],
        ['y', 1, 10],
      ],
      [
        ['x', 3, 10],
        ['q', 2, 10],
        ['y', 1, 10],
      ],
    ).filter((r) => r.player !== 'q' || r.board !== 3);
    const rows = duplicateStandings('doudizhu', results);
    const p = rows.find((r) => r.player === 'p');
    const q = rows.find((r) => r.player === 'q');
    expect(p?.S).toBe(q?.S);
    expect(p?.tiebreaks[3]?.key).toBe('defeatedOpponentsMeanS');
    expect(p?.tiebreaks[3]?.contributions.map((c) => c.opponent)).toEqual(['q', 'x', 'y']);
  });

  it('TRN-TB-4 step 4: more 1st places, then 2nd places', () => {
    const rows = duplicateStandings('doudizhu', [
      { board: 1, player: 'a', score: 5, seconds: 10 },
      { board: 1, player: 'b', score: 5, seconds: 10 },
      { board: 1, player: 'c', score: 1, seconds: 10 },
    ]);
    expect(rows.map((r) => [r.player, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
    expect(rows[0]?.tiebreaks[4]).toMatchObject({
      key: 'placeCounts',
      value: { kind: 'counts', value: [1] },
    });
  });
});

describe('TRN-TB-5: Big Two, for equal S', () => {
  it('TRN-TB-5 step 1: the average S of the defeated opponents at the same table, with table assignments', () => {
    const results = boards(
      [
        ['a', 9, 10, 1],
        ['b', 1, 10, 1],
        ['c', 9, 10, 2],
        ['d', 5, 10, 2],
      ],
      [
        ['a', 0, 10, 1],
        ['d', 9, 10, 1],
        ['c', 0, 10, 2],
        ['b', 9, 10, 2],
      ],
    );
    const a = stepValue('bigtwo', results, 'a', 1);
    expect(a).toMatchObject({ rule: 'TRN-TB-5', key: 'defeatedOpponentsMeanS' });
    expect(a?.contributions.map((c) => c.opponent)).toEqual(['b']);
    const c = stepValue('bigtwo', results, 'c', 1);
    expect(c?.contributions.map((x) => x.opponent)).toEqual(['d']);
    // a beat b, c beat d; d's S is higher than b's, so c ranks before a.
    const rows = duplicateStandings('bigtwo', results);
    const rank = (p: string) => rows.find((r) => r.player === p)?.rank ?? 0;
    expect(rows.find((r) => r.player === 'a')?.S).toBe(rows.find((r) => r.player === 'c')?.S);
    expect(rank('c')).toBeLessThan(rank('a'));
  });

  it('TRN-TB-5 steps 3–4: total time, then the trimmed average, after the place counts', () => {
    const results = boards(
      [
        ['a', 2, 50],
        ['b', 1, 40],
      ],
      [
        ['a', 1, 10],
        ['b', 2, 30],
      ],
    );
    // Equal S and place counts: a's 60 s beat b's 70 s.
    expect(order('bigtwo', results)).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(stepValue('bigtwo', results, 'a', 3)).toMatchObject({
      key: 'totalSeconds',
      value: { value: '60' },
    });
    const sameTotal = boards(
      [
        ['a', 2, 10],
        ['b', 1, 30],
      ],
      [
        ['a', 1, 50],
        ['b', 2, 40],
      ],
      [
        ['a', 1, 60],
        ['b', 1, 50],
      ],
    );
    expect(order('bigtwo', sameTotal)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(stepValue('bigtwo', sameTotal, 'b', 4)).toMatchObject({
      key: 'trimmedMeanSeconds',
      value: { value: '40' },
    });
  });
});

describe('the duplicate chains are total orders', () => {
  it.each<DuplicateGame>(['doudizhu', 'bigtwo'])(
    'TRN-TB-4/TRN-TB-5 (%s): any order of results, the same standings; equal rows agree on every step',
    (game) => {
      fc.assert(
        fc.property(
          fc.array(
            fc.array(
              fc.tuple(
                fc.integer({ min: -3, max: 3 }),
                fc.integer({ min: 1, max: 5 }),
                fc.integer({ min: 1, max: 2 }),
              ),
              { minLength: 6, maxLength: 6 },
            ),
            { minLength: 1, maxLength: 5 },
          ),
          (board) => {
            const results = board.flatMap((seatings, b) =>
              seatings.map(([score, seconds, table], i) => ({
                board: b + 1,
                player: `p${String(i)}`,
                score,
                seconds,
                table,
              })),
            );
            const rows = duplicateStandings(game, results);
            expect(duplicateStandings(game, [...results].reverse())).toEqual(rows);
            rows.forEach((row, i) => {
              const before = rows[i - 1];
              if (before === undefined) {
                expect(row.rank).toBe(1);
                return;
              }
              if (row.rank === before.rank)
                expect(row.tiebreaks.map((t) => t.value)).toEqual(before.tiebreaks.map((t) => t.value));
              else expect(row.rank).toBe(i + 1);
            });
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
