import { describe, expect, it } from 'vitest';
import { B2TestTable } from '../testing/test-table';
import { matchTotals } from './state';

const HOUR = 3_600_000;

/** A table whose competition ended at `endedAt` with one deduction on W's record. */
function endedWithPenalty(endedAt: number): B2TestTable {
  const table = new B2TestTable();
  table.must({
    type: 'IssuePenalty',
    seat: 'W',
    rule: 'B2-PLAY-9',
    sanction: 'deduction',
    points: 6,
    refereeId: 'arb-1',
    note: 'showed his cards by gesture',
    now: 10,
  });
  table.must({ type: 'EndMatch', now: endedAt });
  return table;
}

describe('penalties and appeals (B2-APL-*)', () => {
  it("B2-PLAY-9: an arbiter's deduction for revealing one's cards by speech or gesture comes off the seat's total", () => {
    const table = endedWithPenalty(1_000);
    expect(table.state.penalties[0]?.data).toMatchObject({
      penalty: 1,
      seat: 'W',
      rule: 'B2-PLAY-9',
      points: 6,
    });
    expect(matchTotals(table.state)).toEqual({ S: 0, E: 0, N: 0, W: -6 });
    expect(table.events.at(-1)).toEqual({
      type: 'MatchEnded',
      data: { endedAt: 1_000, boards: 0, totals: { S: 0, E: 0, N: 0, W: -6 } },
    });
  });

  it('B2-GEN-2: only an arbiter rules, naming the B2 rule; a deduction takes points, a warning none', () => {
    const table = new B2TestTable();
    const base = {
      type: 'IssuePenalty',
      seat: 'E',
      rule: 'B2-PLAY-9',
      sanction: 'warning',
      points: 0,
      refereeId: 'arb',
      now: 1,
    } as const;
    expect(table.run({ ...base, refereeId: ' ' })).toMatchObject({ ok: false, rule: 'B2-GEN-2' });
    expect(table.run({ ...base, rule: 'DDZ-PLAY-7' })).toMatchObject({ ok: false, rule: 'B2-GEN-2' });
    expect(table.run({ ...base, points: 3 })).toMatchObject({ ok: false, rule: 'B2-GEN-2' });
    expect(table.run({ ...base, sanction: 'deduction' })).toMatchObject({ ok: false, rule: 'B2-GEN-2' });
    expect(table.run(base)).toMatchObject({ ok: true });
  });

  it('B2-APL-1: an appeal is valid up to 3 hours after the end of the competition, invalid after', () => {
    const endedAt = 50_000;
    const appeal = { type: 'LodgeAppeal', penalty: 1, seat: 'W', grounds: 'no gesture was made' } as const;
    const inTime = endedWithPenalty(endedAt);
    expect(inTime.run({ ...appeal, now: endedAt + 3 * HOUR })).toMatchObject({ ok: true });
    const late = endedWithPenalty(endedAt);
    expect(late.run({ ...appeal, now: endedAt + 3 * HOUR + 1 })).toMatchObject({
      ok: false,
      rule: 'B2-APL-1',
    });
    expect(late.run({ ...appeal, penalty: 9, now: endedAt })).toMatchObject({ ok: false, rule: 'B2-APL-1' });
  });

  it('B2-APL-2: the committee decides by majority, finally; an upheld appeal restores the points and refunds the fee', () => {
    const table = endedWithPenalty(1_000);
    table.must({ type: 'LodgeAppeal', penalty: 1, seat: 'W', grounds: 'no gesture', now: 2_000 });
    expect(
      table.run({ type: 'DecideAppeal', appeal: 1, votesFor: 2, votesAgainst: 2, now: 3_000 }),
    ).toMatchObject({
      ok: false,
      rule: 'B2-APL-2',
    });
    const decided = table.must({ type: 'DecideAppeal', appeal: 1, votesFor: 3, votesAgainst: 2, now: 3_000 });
    expect(decided[0]).toMatchObject({ type: 'AppealDecided', data: { upheld: true, feeRefunded: true } });
    expect(matchTotals(table.state)).toEqual({ S: 0, E: 0, N: 0, W: 0 });
    expect(
      table.run({ type: 'DecideAppeal', appeal: 1, votesFor: 0, votesAgainst: 5, now: 4_000 }),
    ).toMatchObject({
      ok: false,
      rule: 'B2-APL-2',
    });
    expect(table.run({ type: 'Show', seat: 'S', show: true })).toMatchObject({ ok: false, rule: 'B2-END-1' });
  });
});
