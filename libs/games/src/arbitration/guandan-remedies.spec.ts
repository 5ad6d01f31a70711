import { RulingRemedySchema } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { correctionsForRemedy } from './guandan-remedies';

describe('a Guandan remedy names Guandan seats and sides (GD-SEAT-1)', () => {
  it('the ruling event takes any game’s seat or side; carrying it out on a Guandan match refuses another game’s', () => {
    // The platform's arbitration schema admits Dou Dizhu's seat `0` and a side `landlord`…
    const penalty = RulingRemedySchema.parse({
      kind: 'penalty-imposed',
      seat: '0',
      sanction: 'warning',
      rule: 'GD-PEN-14',
      at: { stream: 'match-m1', revision: 0 },
    });
    const adjusted = RulingRemedySchema.parse({
      kind: 'match-result-adjusted',
      loser: 'landlord',
      rule: 'GD-PEN-5',
    });
    // …and the Guandan module refuses them, naming the field and the rule.
    expect(correctionsForRemedy([], adjusted, 'r1', 'reason')).toEqual({
      ok: false,
      rule: 'GD-SEAT-1',
      message: 'remedy.loser: expected one of NS, EW, got "landlord"',
      messageZh: 'remedy.loser：应为 NS, EW 之一，收到 "landlord"',
    });
    expect(penalty).toMatchObject({ kind: 'penalty-imposed', seat: '0' });
  });
});
