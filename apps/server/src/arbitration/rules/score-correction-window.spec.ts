import { describe, expect, it } from 'vitest';
import { arbitrationRulesFor, checkScoreCorrectionWindow } from '@tablecast/arbitration';
import { GUANDAN_RULESETS as RULESETS } from '@tablecast/games/testing';

const t0 = Date.UTC(2026, 4, 2, 11, 0, 0);
const minute = 60_000;

describe('GD-VAR-003-16 / TRN-SWISS-9 score correction windows (2023 regulations)', () => {
  const rules = arbitrationRulesFor(RULESETS.cesa2023);

  it('GD-VAR-003-16: a recording error is accepted while the players are at the table', () => {
    const facts = { playersLeftAt: null, nextPairingsPublishedAt: null, now: t0 };
    expect(checkScoreCorrectionWindow(rules, 'recording-error', facts)).toEqual({ ok: true, closesAt: null });
  });

  it('GD-VAR-003-16: a recording error is refused once the players have left the table', () => {
    const facts = { playersLeftAt: t0, nextPairingsPublishedAt: null, now: t0 + 1000 };
    const result = checkScoreCorrectionWindow(rules, 'recording-error', facts);
    expect(result).toMatchObject({ ok: false, rule: 'GD-VAR-003-16' });
    expect(result.ok ? '' : result.message).toContain('before the players leave the table');
  });

  it('GD-VAR-003-16: an entry error is accepted up to 5 minutes after the next pairings, refused after', () => {
    const at = (now: number) => ({ playersLeftAt: t0, nextPairingsPublishedAt: t0, now });
    expect(checkScoreCorrectionWindow(rules, 'entry-error', at(t0 + 5 * minute))).toEqual({
      ok: true,
      closesAt: t0 + 5 * minute,
    });
    const late = checkScoreCorrectionWindow(rules, 'entry-error', at(t0 + 5 * minute + 1));
    expect(late).toMatchObject({ ok: false, rule: 'GD-VAR-003-16' });
    expect(late.ok ? '' : late.message).toContain('within 5 minutes');
  });

  it('GD-VAR-003-16: an entry error before the next pairings are published is accepted', () => {
    const facts = { playersLeftAt: t0, nextPairingsPublishedAt: null, now: t0 + 60 * minute };
    expect(checkScoreCorrectionWindow(rules, 'entry-error', facts)).toEqual({ ok: true, closesAt: null });
  });

  it('GD-APL-3: under the base rules (cga2017) the chief arbiter may correct at any time', () => {
    const facts = { playersLeftAt: t0, nextPairingsPublishedAt: t0, now: t0 + 600 * minute };
    expect(checkScoreCorrectionWindow(arbitrationRulesFor(RULESETS.cga2017), 'entry-error', facts)).toEqual({
      ok: true,
      closesAt: null,
    });
  });
});
