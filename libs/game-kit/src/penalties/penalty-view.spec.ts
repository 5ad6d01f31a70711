import { describe, expect, it } from 'vitest';
import { penaltiesView } from './penalty-view';

describe('the rulings as a seated board game’s view shows them', () => {
  it('DDZ-GEN-2, B2-GEN-2: each ruling without the arbiter’s note, and whether an appeal rescinded it', () => {
    const ruling = (penalty: number, rescinded: boolean) => ({
      data: {
        penalty,
        seat: 'E',
        rule: 'B2-PLAY-7',
        sanction: 'deduction' as const,
        points: 10,
        refereeId: 'ref-1',
        note: 'he held ♠2',
        at: 100,
      },
      rescinded,
    });
    expect(penaltiesView([ruling(1, false), ruling(2, true)])).toEqual([
      { penalty: 1, seat: 'E', rule: 'B2-PLAY-7', sanction: 'deduction', points: 10, rescinded: false },
      { penalty: 2, seat: 'E', rule: 'B2-PLAY-7', sanction: 'deduction', points: 10, rescinded: true },
    ]);
  });
});
