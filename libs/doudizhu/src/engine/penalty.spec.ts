import { describe, expect, it } from 'vitest';
import { matchTotals } from './state';
import { TestTable } from './test-table';

const HOUR = 3_600_000;

/** A table whose competition ended at `endedAt` with one deduction on seat 2's record. */
function endedWithPenalty(endedAt: number): TestTable {
  const table = new TestTable();
  table.must({
    type: 'IssuePenalty',
    seat: 2,
    rule: 'DDZ-PLAY-7',
    sanction: 'deduction',
    points: 6,
    refereeId: 'arb-1',
    note: 'told his partner his holding',
    now: 10,
  });
  table.must({ type: 'EndMatch', now: endedAt });
  return table;
}

describe('penalties and appeals (DDZ-APL-*)', () => {
  it("DDZ-PLAY-7: an arbiter's deduction for signalling one's holdings comes off the seat's total", () => {
    const table = endedWithPenalty(1_000);
    expect(table.state.penalties[0]?.data).toMatchObject({
      penalty: 1,
      seat: 2,
      rule: 'DDZ-PLAY-7',
      points: 6,
    });
    expect(matchTotals(table.state)).toEqual([0, 0, -6]);
    expect(table.events.at(-1)).toEqual({
      type: 'MatchEnded',
      data: { endedAt: 1_000, boards: 0, totals: [0, 0, -6] },
    });
  });

  it('DDZ-GEN-2: only an arbiter rules, naming the DDZ rule; a deduction takes points, a warning none', () => {
    const table = new TestTable();
    const base = {
      type: 'IssuePenalty',
      seat: 1,
      rule: 'DDZ-PLAY-7',
      sanction: 'warning',
      points: 0,
      refereeId: 'arb',
      now: 1,
    } as const;
    expect(table.run({ ...base, refereeId: ' ' })).toMatchObject({ ok: false, rule: 'DDZ-GEN-2' });
    expect(table.run({ ...base, rule: 'talking' })).toMatchObject({ ok: false, rule: 'DDZ-GEN-2' });
    expect(table.run({ ...base, points: 3 })).toMatchObject({ ok: false, rule: 'DDZ-GEN-2' });
    expect(table.run({ ...base, sanction: 'deduction' })).toMatchObject({ ok: false, rule: 'DDZ-GEN-2' });
    expect(table.run(base)).toMatchObject({ ok: true });
  });

  it('DDZ-APL-1: an appeal is valid up to 3 hours after the end of the competition, invalid after', () => {
    const endedAt = 50_000;
    const appeal = { type: 'LodgeAppeal', penalty: 1, seat: 2, grounds: 'no signal was given' } as const;
    const inTime = endedWithPenalty(endedAt);
    expect(inTime.run({ ...appeal, now: endedAt + 3 * HOUR })).toMatchObject({ ok: true });
    const late = endedWithPenalty(endedAt);
    expect(late.run({ ...appeal, now: endedAt + 3 * HOUR + 1 })).toMatchObject({
      ok: false,
      rule: 'DDZ-APL-1',
    });
    expect(late.run({ ...appeal, penalty: 9, now: endedAt })).toMatchObject({ ok: false, rule: 'DDZ-APL-1' });
  });

  it('DDZ-APL-2: the committee decides by majority; an upheld appeal restores the points and refunds the fee; the decision is final', () => {
    const table = endedWithPenalty(0);
    table.must({ type: 'LodgeAppeal', penalty: 1, seat: 2, grounds: 'no signal', now: HOUR });
    expect(
      table.run({ type: 'DecideAppeal', appeal: 1, votesFor: 2, votesAgainst: 2, now: 2 * HOUR }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-APL-2',
    });
    const decided = table.must({
      type: 'DecideAppeal',
      appeal: 1,
      votesFor: 3,
      votesAgainst: 2,
      now: 2 * HOUR,
    });
    expect(decided[0]).toMatchObject({ type: 'AppealDecided', data: { upheld: true, feeRefunded: true } });
    expect(matchTotals(table.state)).toEqual([0, 0, 0]);
    expect(
      table.run({ type: 'DecideAppeal', appeal: 1, votesFor: 0, votesAgainst: 5, now: 3 * HOUR }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-APL-2',
    });
    expect(
      table.run({ type: 'LodgeAppeal', penalty: 1, seat: 2, grounds: 'again', now: HOUR }),
    ).toMatchObject({
      ok: false,
      rule: 'DDZ-APL-2',
    });
  });

  it('DDZ-APL-2: a dismissed appeal keeps the deduction and the fee', () => {
    const table = endedWithPenalty(0);
    table.must({ type: 'LodgeAppeal', penalty: 1, seat: 2, grounds: 'no signal', now: HOUR });
    const decided = table.must({
      type: 'DecideAppeal',
      appeal: 1,
      votesFor: 1,
      votesAgainst: 4,
      now: 2 * HOUR,
    });
    expect(decided[0]).toMatchObject({ type: 'AppealDecided', data: { upheld: false, feeRefunded: false } });
    expect(matchTotals(table.state)).toEqual([0, 0, -6]);
  });

  it('DDZ-END-1: once the match has ended only appeals are recorded', () => {
    const table = endedWithPenalty(0);
    expect(table.run({ type: 'DealBoard', board: 1, seed: 's', salt: 's', now: 1 })).toMatchObject({
      ok: false,
      rule: 'DDZ-END-1',
    });
  });
});
