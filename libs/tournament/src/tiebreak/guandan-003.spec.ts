import { describe, expect, it } from 'vitest';
import { rankByChain } from './chain';
import { tb2Chain, type Tb2Options } from './guandan-003';
import { knockout004Winner } from './knockout-004';
import { byId, record } from './testing';

const order = (records: ReturnType<typeof record>[], options: Tb2Options = {}) =>
  rankByChain(records, tb2Chain(byId(records), options)).map((r) => [r.entry.entrant, r.rank]);

/** The first step at which two rows' values differ: the step that decided between them. */
const decidedBy = (records: ReturnType<typeof record>[], options: Tb2Options = {}) => {
  const [first, second] = rankByChain(records, tb2Chain(byId(records), options));
  const i = first?.explanations.findIndex(
    (e, k) => JSON.stringify(e.value) !== JSON.stringify(second?.explanations[k]?.value),
  );
  return i === undefined || i < 0 ? undefined : first?.explanations[i]?.key;
};

describe('TRN-TB-2: the 003 chain, step by step', () => {
  it('TRN-TB-2 first: cumulative match points, in tenths (1.5 + 1.6 beats 1.5 + 1.5)', () => {
    const rows = [
      record('P', [
        ['x', 15, 5, 14],
        ['y', 15, 5, 14],
      ]),
      record('Q', [
        ['z', 15, 5, 14],
        ['w', 16, 4, 16],
      ]),
    ];
    expect(order(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    expect(rankByChain(rows, tb2Chain(byId(rows)))[0]?.explanations[0]?.value).toEqual({
      kind: 'number',
      value: '3.1',
    });
  });

  it('TRN-TB-2 step 1: cumulative level-difference points', () => {
    const rows = [record('P', [['x', 20, 0, 24]]), record('Q', [['y', 20, 0, 25]])];
    expect(decidedBy(rows)).toBe('levelDifferencePoints');
    expect(order(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
  });

  it("TRN-TB-2 step 2: the winner of the two tied pairs' meeting; not met, no decision", () => {
    const p = record('P', [
      ['Q', 5, 15, 12],
      ['x', 20, 0, 26],
    ]);
    const q = record('Q', [
      ['P', 15, 5, 14],
      ['y', 10, 10, 24],
    ]);
    expect(order([p, q])).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    expect(decidedBy([p, q])).toBe('headToHead');
    const strangers = [record('P', [['x', 20, 0, 14]]), record('Q', [['y', 20, 0, 14]])];
    const explained = rankByChain(strangers, tb2Chain(byId(strangers)))[0]?.explanations[2];
    expect(explained?.value).toEqual({ kind: 'none', reason: 'the tied pairs have not met' });
  });

  it('TRN-TB-2 step 2 with three tied: skipped by default, a mini-league under headToHeadAmongMany', () => {
    const rows = [
      record(
        'P',
        [
          ['Q', 20, 0, 15],
          ['R', 0, 20, 11],
        ],
        3,
      ),
      record(
        'Q',
        [
          ['R', 20, 0, 15],
          ['P', 0, 20, 11],
        ],
        2,
      ),
      record(
        'R',
        [
          ['P', 20, 0, 15],
          ['Q', 0, 20, 11],
        ],
        1,
      ),
    ];
    // A cycle: the mini-league cannot split it either, so the previous ranking (step 7) does.
    expect(order(rows)).toEqual([
      ['R', 1],
      ['Q', 2],
      ['P', 3],
    ]);
    expect(rankByChain(rows, tb2Chain(byId(rows)))[0]?.explanations[2]?.value.kind).toBe('none');
    const league = [
      record('P', [
        ['Q', 20, 0, 15],
        ['R', 20, 0, 15],
        ['x', 0, 20, 11],
      ]),
      record('Q', [
        ['R', 20, 0, 15],
        ['P', 0, 20, 11],
        ['y', 20, 0, 15],
      ]),
      record('R', [
        ['P', 0, 20, 11],
        ['Q', 0, 20, 11],
        ['z', 40, 0, 19],
      ]),
    ];
    expect(order(league, { headToHeadAmongMany: 'miniLeague' })).toEqual([
      ['P', 1],
      ['Q', 2],
      ['R', 3],
    ]);
  });

  it('TRN-TB-2 step 3: rounds won, draws apart; forfeit wins count by default, byes do not', () => {
    const won = record('P', [
      ['x', 20, 0, 13],
      ['y', 0, 20, 13],
    ]);
    const drawn = record('Q', [
      ['z', 10, 10, 13],
      ['w', 10, 10, 13],
    ]);
    expect(order([won, drawn])).toEqual([
      ['P', 1],
      ['Q', 2],
    ]);
    expect(decidedBy([won, drawn])).toBe('roundsWon');
    const forfeitWin = record('F', [
      ['x', 20, 0, 13, 0, 'forfeit'],
      ['y', 0, 20, 13],
    ]);
    const bye = record('B', [
      [null, 20, 0, 13],
      ['y', 0, 20, 13],
    ]);
    expect(order([forfeitWin, bye])).toEqual([
      ['F', 1],
      ['B', 2],
    ]);
    expect(order([forfeitWin, bye], { forfeitWinCounts: false, byeCounts: true })).toEqual([
      ['B', 1],
      ['F', 2],
    ]);
  });

  it('TRN-TB-2 step 4: rounds drawn', () => {
    const rows = [
      record('P', [
        ['x', 20, 0, 13],
        ['y', 0, 20, 13],
        ['z', 10, 10, 13],
      ]),
      record('Q', [
        ['x', 20, 0, 13],
        ['y', 5, 15, 13],
        ['z', 15, 5, 13],
      ]),
    ];
    // Q: 2 wins (1.5:0.5 is won), P: 1 win and 1 draw; same match points and level points.
    expect(order(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    const even = [
      record('P', [
        ['x', 20, 0, 13],
        ['y', 0, 20, 13],
        ['z', 10, 10, 13],
      ]),
      record('Q', [
        ['x', 20, 0, 13],
        ['y', 10, 10, 13],
        ['z', 0, 20, 13],
      ]),
    ];
    expect(decidedBy(even)).toBeUndefined();
    const drawsDecide = [
      record('P', [
        ['x', 15, 5, 13],
        ['y', 0, 20, 13],
        ['z', 15, 5, 13],
      ]),
      record('Q', [
        ['x', 20, 0, 13],
        ['y', 10, 10, 13],
        ['z', 0, 20, 13],
      ]),
    ];
    expect(decidedBy(drawsDecide)).toBe('roundsWon');
    const tiedWins = [
      record('P', [
        ['x', 20, 0, 13],
        ['y', 10, 10, 13],
        ['z', 0, 20, 13],
      ]),
      record('Q', [
        ['x', 15, 5, 13],
        ['y', 15, 5, 13],
        ['z', 0, 20, 13],
      ]),
    ];
    expect(order(tiedWins)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    const sameWins = [
      record('P', [
        ['x', 20, 0, 13],
        ['y', 10, 10, 13],
        ['z', 0, 20, 13],
      ]),
      record('Q', [
        ['x', 20, 0, 13],
        ['y', 5, 15, 13],
        ['z', 5, 15, 13],
      ]),
    ];
    expect(order(sameWins)).toEqual([
      ['P', 1],
      ['Q', 2],
    ]);
    expect(decidedBy(sameWins)).toBe('roundsDrawn');
  });

  it('TRN-TB-2 step 5: the cumulative raw level difference, which differs from step 1 only past 13', () => {
    const rows = [record('P', [['x', 20, 0, 26, 13]]), record('Q', [['y', 20, 0, 26, 15]])];
    expect(order(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    expect(decidedBy(rows)).toBe('levelDifference');
  });

  it("TRN-TB-2 step 6: the sum of the opponents' cumulative match points", () => {
    const strong = record('S', [
      ['x', 20, 0, 13],
      ['y', 0, 20, 13],
    ]);
    const weak = record('W', [
      ['z', 20, 0, 13],
      ['w', 0, 20, 13],
    ]);
    const opponents = [
      record('x', [
        ['S', 0, 20, 13],
        ['q', 20, 0, 13],
      ]),
      record('y', [['S', 20, 0, 13]]),
      record('z', [['W', 0, 20, 13]]),
      record('w', [['W', 20, 0, 13]]),
    ];
    const all = byId([strong, weak, ...opponents]);
    const ranked = rankByChain([strong, weak], tb2Chain(all));
    expect(ranked.map((r) => r.entry.entrant)).toEqual(['S', 'W']);
    expect(ranked[0]?.explanations[6]).toMatchObject({
      key: 'opponentsMatchPoints',
      value: { kind: 'number', value: '4' },
      contributions: [
        { round: 1, opponent: 'x', value: '2' },
        { round: 2, opponent: 'y', value: '2' },
      ],
    });
  });

  it('TRN-TB-2 step 7: the ranking after the previous round; then a shared place', () => {
    const rows = [record('P', [['x', 20, 0, 13]], 4), record('Q', [['y', 20, 0, 13]], 2)];
    expect(order(rows)).toEqual([
      ['Q', 1],
      ['P', 2],
    ]);
    expect(decidedBy(rows)).toBe('previousRank');
    const noHistory = [record('P', [['x', 20, 0, 13]]), record('Q', [['y', 20, 0, 13]])];
    expect(order(noHistory)).toEqual([
      ['P', 1],
      ['Q', 1],
    ]);
  });
});

describe('a step that cannot be computed for every tied pair', () => {
  it('TRN-TB-2 step 7: a pair with no previous ranking (late entry) leaves its whole tied group sharing the place', () => {
    const rows = [
      record('P', [['x', 20, 0, 13]]),
      record('Q', [['y', 20, 0, 13]], 3),
      record('R', [['z', 20, 0, 13]], 1),
    ];
    expect(order(rows)).toEqual([
      ['P', 1],
      ['Q', 1],
      ['R', 1],
    ]);
  });
});

describe('TRN-TB-3: 004 knockout at time-out', () => {
  it('TRN-TB-3: the higher level wins; at equal levels the pair that reached it first', () => {
    expect(
      knockout004Winner(
        { entrant: 'A', level: 'A+', reachedAt: 9 },
        { entrant: 'B', level: 'A', reachedAt: 3 },
      ).winner,
    ).toBe('A');
    expect(
      knockout004Winner(
        { entrant: 'A', level: '9', reachedAt: 9 },
        { entrant: 'B', level: '9', reachedAt: 7 },
      ),
    ).toEqual({
      winner: 'B',
      rule: 'TRN-TB-3',
      reason: 'equal levels (9): the pair that reached it first',
    });
    expect(() =>
      knockout004Winner(
        { entrant: 'A', level: '9', reachedAt: 7 },
        { entrant: 'B', level: '9', reachedAt: 7 },
      ),
    ).toThrow(/^reachedAt: /);
  });
});
