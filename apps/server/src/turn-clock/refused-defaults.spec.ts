import { describe, expect, it } from 'vitest';
import { RefusedDefaults, type RefusedDefault } from './refused-defaults';

const bid = (revision: number, rule: string | null = 'TC-CORR-4'): RefusedDefault => ({
  game: 'doudizhu',
  revision,
  command: 'Bid',
  rule,
  reason: rule === null ? 'invalidEvent' : 'ruleViolation',
});
const T = Date.parse('2026-11-30T06:00:00.000Z');

describe('the turn clocks’ refused defaults by match, for the producer dashboard (DDZ-GEN-2)', () => {
  it('keeps the latest refusal per match, counts them, and lists the latest first', () => {
    const refused = new RefusedDefaults();
    refused.refused('m1', bid(4), T);
    refused.refused('m2', bid(7, null), T + 1_000);
    refused.refused('m1', bid(9), T + 2_000);
    expect(refused.list()).toEqual([
      { matchId: 'm1', ...bid(9), count: 2, lastRefusedAt: '2026-11-30T06:00:02.000Z', waiting: true },
      { matchId: 'm2', ...bid(7, null), count: 1, lastRefusedAt: '2026-11-30T06:00:01.000Z', waiting: true },
    ]);
  });

  it('a table waits until an event after the refused turn; an event of that turn or before does not free it', () => {
    const refused = new RefusedDefaults();
    refused.refused('m1', bid(4), T);
    refused.moved('m1', 4);
    refused.moved('m2', 10);
    expect(refused.list().map((r) => r.waiting)).toEqual([true]);
    refused.moved('m1', 5);
    expect(refused.list().map((r) => r.waiting)).toEqual([false]);
    // Refused again on a later turn: it waits again.
    refused.refused('m1', bid(8), T + 1_000);
    expect(refused.list()).toMatchObject([{ revision: 8, count: 2, waiting: true }]);
  });
});
