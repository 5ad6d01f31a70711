import { describe, expect, it } from 'vitest';
import { tallyVotes } from './committee';

describe('GD-APL-2 committee votes', () => {
  const committee = ['m1', 'm2', 'm3'];

  it('GD-APL-2: the majority of an odd committee decides', () => {
    expect(
      tallyVotes(committee, [
        { memberId: 'm1', vote: 'uphold' },
        { memberId: 'm2', vote: 'dismiss' },
        { memberId: 'm3', vote: 'uphold' },
      ]),
    ).toEqual({ ok: true, uphold: 2, dismiss: 1, decision: 'uphold' });
  });

  it('GD-APL-2: refuses an even or too small committee', () => {
    expect(tallyVotes(['m1', 'm2'], [])).toMatchObject({ ok: false, rule: 'GD-APL-2' });
    expect(tallyVotes(['m1', 'm2', 'm3', 'm4'], [])).toMatchObject({ ok: false, rule: 'GD-APL-2' });
  });

  it('GD-APL-2: refuses a missing vote, a double vote, an outsider and a duplicate member', () => {
    const votes = [
      { memberId: 'm1', vote: 'uphold' as const },
      { memberId: 'm2', vote: 'uphold' as const },
    ];
    const missing = tallyVotes(committee, votes);
    expect(missing.ok ? '' : missing.message).toContain('missing: m3');
    expect(tallyVotes(committee, [...votes, { memberId: 'm2', vote: 'dismiss' }])).toMatchObject({
      ok: false,
      message: 'm2 voted twice',
    });
    expect(tallyVotes(committee, [...votes, { memberId: 'x9', vote: 'dismiss' }])).toMatchObject({
      ok: false,
      message: 'x9 is not on the committee',
    });
    expect(tallyVotes(['m1', 'm1', 'm2'], votes)).toMatchObject({ ok: false, rule: 'GD-APL-2' });
  });
});
