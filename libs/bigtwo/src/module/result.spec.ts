import { describe, expect, it } from 'vitest';
import { E_HAND, FULL_HOUSE_8, N_GIVEN, S_HAND, STRAIGHT_3_7 } from '../testing/hands';
import { B2TestTable, orderFor } from '../testing/test-table';
import { bigtwoModule } from './bigtwo-module';

describe('result (B2-GEN-3)', () => {
  it('B2-GEN-3: scoring is per player: four sides of one seat each, boards by seat with the deal’s commitment, totals after penalties', () => {
    expect(bigtwoModule.sides.map((side) => side.seats)).toEqual([['S'], ['E'], ['N'], ['W']]);
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
    table.toPlay();
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8 });
    for (const seat of ['E', 'N', 'W'] as const) table.must({ type: 'Pass', seat });
    table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'] });
    expect(bigtwoModule.result(table.state)).toBeNull();
    table.must({
      type: 'IssuePenalty',
      seat: 'N',
      rule: 'B2-PLAY-9',
      sanction: 'deduction',
      points: 10,
      refereeId: 'arb',
      now: 5,
    });
    table.must({ type: 'EndMatch', now: 6 });
    const result = bigtwoModule.result(table.state);
    expect(result).toMatchObject({
      winner: null,
      sides: [
        { side: 'S', score: 156 },
        { side: 'E', score: -52 },
        { side: 'N', score: -62 },
        { side: 'W', score: -52 },
      ],
    });
    expect(result?.boards).toEqual([
      {
        board: '1',
        deal: table.state.completed[0]?.commitment,
        scores: { S: 156, E: -52, N: -52, W: -52 },
        // No choice of this board was recorded with a time (DEC-B2-6).
        seconds: { S: 0, E: 0, N: 0, W: 0 },
      },
    ]);
  });
});

describe('own play time per board (TRN-TB-5, B2-TB-1)', () => {
  it('B2-TB-1, DEC-B2-6: own play time runs from the start of each play turn to the play or pass, a ruling mid-turn included, showing and doubling not; a board is rounded once to whole seconds', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN })); // at 1 s
    // Up to 8 s over the show choices and 5 s over a double: not play (只累計玩家出牌用時).
    for (const [seat, now] of [
      ['S', 1_500],
      ['E', 4_000],
      ['N', 6_000],
      ['W', 9_000],
    ] as const)
      table.must({ type: 'Show', seat, show: false, now });
    for (const [seat, now] of [
      ['S', 10_000],
      ['E', 12_000],
      ['N', 15_000],
      ['W', 20_000],
    ] as const)
      table.must({ type: 'Double', seat, double: false, now });
    // Play starts at the last double: S thinks 6 s over the lead, E 1.4 s over his pass.
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7, now: 26_000 });
    table.must({ type: 'Pass', seat: 'E', now: 27_400 });
    // An arbiter's ruling in the middle of N's turn neither pauses nor restarts it: 2.6 s.
    table.must({
      type: 'IssuePenalty',
      seat: 'N',
      rule: 'B2-PLAY-9',
      sanction: 'warning',
      points: 0,
      refereeId: 'arb',
      now: 28_000,
    });
    table.must({ type: 'Pass', seat: 'N', now: 30_000 });
    table.must({ type: 'Pass', seat: 'W', now: 30_400 });
    table.must({ type: 'PlayCards', seat: 'S', cards: FULL_HOUSE_8, now: 31_000 });
    table.must({ type: 'Pass', seat: 'E', now: 31_600 });
    table.must({ type: 'Pass', seat: 'N', now: 32_000 });
    table.must({ type: 'Pass', seat: 'W', now: 32_300 });
    table.must({ type: 'PlayCards', seat: 'S', cards: ['SA', 'HA', 'CA'], now: 32_800 });
    expect(table.state.status).toBe('betweenBoards');

    // S: 6 + 0.6 + 0.5 s; E: 1.4 + 0.6 s; N: 2.6 + 0.4 s; W: 0.4 + 0.3 s.
    expect(table.state.completed[0]?.playTime).toEqual({ S: 7_100, E: 2_000, N: 3_000, W: 700 });
    // Rounded per board (0.7 s → 1 s), not per turn (W would have 0 + 0 = 0 s).
    expect(bigtwoModule.boards(table.state)[0]?.seconds).toEqual({ S: 7, E: 2, N: 3, W: 1 });
  });
});
