import { describe, expect, it } from 'vitest';
import { arbitrationRulesFor, checkAppealWindow } from '@tablecast/arbitration';
import { GUANDAN_RULESETS as RULESETS } from '@tablecast/games/testing';

const ended = Date.UTC(2026, 4, 2, 10, 0, 0);
const minute = 60_000;

describe('GD-APL-1 appeal window (30 minutes after the end of the round)', () => {
  const rules = arbitrationRulesFor(RULESETS.cga2017);

  it('GD-APL-1: is open with no deadline while the round is being played', () => {
    expect(checkAppealWindow(rules, null, ended)).toEqual({ ok: true, deadline: null });
  });

  it('GD-APL-1: accepts an appeal at exactly 30 minutes after the round ended', () => {
    expect(checkAppealWindow(rules, ended, ended + 30 * minute)).toEqual({
      ok: true,
      deadline: ended + 30 * minute,
    });
  });

  it('GD-APL-1: refuses an appeal one second after the deadline, naming the deadline', () => {
    const result = checkAppealWindow(rules, ended, ended + 30 * minute + 1000);
    expect(result).toMatchObject({ ok: false, rule: 'GD-APL-1' });
    expect(result.ok ? '' : result.message).toContain('2026-05-02T10:30:00.000Z');
    expect(result.ok ? '' : result.messageZh).toContain('30分钟');
  });

  it('GD-APL-1: the window comes from the ruleset (30 minutes in every Guandan ruleset, another if the regulations set it)', () => {
    for (const ruleset of Object.values(RULESETS)) {
      expect(arbitrationRulesFor(ruleset).appealWindowMs).toBe(30 * minute);
    }
    const custom = { name: 'x', appeals: { windowMinutes: 45, answerMinutes: 120 } };
    expect(checkAppealWindow(arbitrationRulesFor(custom), ended, ended + 40 * minute).ok).toBe(true);
  });
});
