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
      { board: '1', deal: table.state.completed[0]?.commitment, scores: { S: 156, E: -52, N: -52, W: -52 } },
    ]);
  });
});
