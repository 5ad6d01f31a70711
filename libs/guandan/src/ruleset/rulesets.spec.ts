import { describe, expect, it } from 'vitest';
import { replay } from '../engine/replay';
import type { GuandanEvent } from '../events/catalog';
import { playRandomMatch } from '../sim/playout';
import { Scenario } from '../testing/scenario';
import { appealAnswerDue, appealInTime } from './appeals';
import { cesa2023, cga2017, house004, type Ruleset } from './ruleset';

const MINUTE = 60_000;

function differingFields(a: Ruleset, b: Ruleset): string[] {
  return (Object.keys(a) as (keyof Ruleset)[])
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .sort();
}

function afterSingleDown(ruleset: Ruleset): Scenario {
  return Scenario.create(ruleset).after(
    { places: ['S', 'E', 'N', 'W'], doubleDown: false, winningTeam: 'NS', foulBy: null },
    { NS: 1, EW: 0 },
  );
}

describe('appeals: the limits the engine owns (GD-APL-1/2)', () => {
  it('GD-APL-1: an appeal is valid within 30 minutes after the end of the round, not a millisecond later', () => {
    const end = 1_000_000;
    for (const ruleset of [cga2017, cesa2023, house004]) expect(ruleset.appeals.windowMinutes).toBe(30);
    expect(appealInTime(cga2017, end, end)).toBe(true);
    expect(appealInTime(cga2017, end, end + 30 * MINUTE)).toBe(true);
    expect(appealInTime(cga2017, end, end + 30 * MINUTE + 1)).toBe(false);
    expect(appealInTime(cga2017, end, end - 1)).toBe(false); // the round is not over yet
    expect(
      appealInTime(
        { ...cga2017, appeals: { windowMinutes: 45, answerMinutes: 120 } },
        end,
        end + 40 * MINUTE,
      ),
    ).toBe(true);
  });

  it('GD-APL-2: the arbitration committee must answer within 2 hours of the filing', () => {
    expect(appealAnswerDue(cga2017, 5 * MINUTE)).toBe(125 * MINUTE);
  });
});

describe('the 2023 championship regulations (GD-VAR-003-*)', () => {
  it('GD-VAR-003-1: where 003 is silent the 2017 rules apply: cesa2023 differs from cga2017 only in named fields', () => {
    expect(differingFields(cesa2023, cga2017)).toEqual([
      'byeScore',
      'forfeitLevelPoints',
      'lateArrivalLevels',
      'matchPointsByDifference',
      'name',
      'penaltyEscalation',
      'recutFaces',
      'returnTributeMaxFace',
    ]);
  });

  it('GD-VAR-003-2, GD-VAR-003-5, GD-FMT-2: a 7-deal game ends after its 7th deal with the figures the ranking uses (match points in tenths, level points, levels)', () => {
    const result = playRandomMatch({
      ruleset: cesa2023,
      format: { kind: 'fixedDeals', deals: 7 },
      seed: 'swiss-7',
    });
    if (!result.ok) throw new Error(result.violation.message);
    expect(result.hands).toBe(7);
    const ended = result.events.at(-1);
    expect(ended).toMatchObject({ type: 'MatchEnded', data: { reason: 'dealsPlayed', rule: 'GD-FMT-2' } });
    if (ended?.type !== 'MatchEnded') return;
    const { matchPoints, levelPoints } = ended.data;
    expect(matchPoints.NS + matchPoints.EW).toBe(20);
    expect(levelPoints.NS + levelPoints.EW).toBe(26);
    expect([matchPoints.NS, matchPoints.EW, levelPoints.NS, levelPoints.EW].every(Number.isInteger)).toBe(
      true,
    );
    expect(replay(result.events)).toMatchObject({ ok: true });
  });

  it('GD-VAR-003-7, GD-DEAL-3: in later deals last place draws first; after a double-down, first place’s 下家', () => {
    const single = afterSingleDown(cesa2023);
    single.deal({ W: ['BJa'], E: ['BJb', 'RJa', 'RJb'] });
    expect(single.events.find((e) => e.type === 'CardsDealt')).toMatchObject({ data: { firstDrawer: 'W' } });
    const double = Scenario.create(cesa2023).after(
      { places: ['S', 'N'], doubleDown: true, winningTeam: 'NS', foulBy: null },
      { NS: 3, EW: 0 },
    );
    double.deal({ E: ['BJa'], W: ['BJb'], S: ['RJa', 'RJb'] });
    expect(double.events.find((e) => e.type === 'CardsDealt')).toMatchObject({ data: { firstDrawer: 'E' } });
  });

  it('GD-VAR-003-10, GD-TRIB-6: 003 does not mention anti-tribute, so the 2017 rule applies: last place with both big jokers pays nothing, first place leads', () => {
    expect(cesa2023.antiTribute).toBe('automatic');
    const s = afterSingleDown(cesa2023);
    s.deal({ W: ['RJa', 'RJb'] });
    expect(s.events.map((e) => e.type)).toContain('TributeResisted');
    expect(s.events.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'S', reason: 'antiTribute' } });
  });

  it('GD-VAR-003-11, GD-RPT-3: under cesa2023 the player on turn may ask the count, so asking never climbs to a violation; reports still come at 10', () => {
    expect(cesa2023.reportThreshold).toBe(10);
    const s = Scenario.create(cesa2023);
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    for (let i = 0; i < 3; i += 1) {
      s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-RPT-3', refereeId: 'ref' });
    }
    expect(s.state.penalties.map((p) => p.sanction)).toEqual(['warning', 'warning', 'warning']);
  });

  it('GD-VAR-003-12, GD-VAR-004-11, GD-PLAY-3: how a pass is said is not recorded: every ruleset records the same Passed fact', () => {
    for (const ruleset of [cga2017, cesa2023, house004]) {
      const s = Scenario.create(ruleset);
      s.deal({ S: ['S3a'] }, { cutIndex: 0 });
      s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
      expect(s.must({ type: 'Pass', seat: 'E' })).toEqual([{ type: 'Passed', data: { seat: 'E' } }]);
    }
  });

  it('GD-VAR-003-13, GD-SCORE-1: every deal’s end records both pairs’ levels, the row of the score sheet', () => {
    const s = Scenario.create(cesa2023);
    s.deal({}, { cutIndex: 0 });
    const events = s.must({
      type: 'IssuePenalty',
      seat: 'S',
      sanction: 'foul',
      rule: 'GD-PEN-4',
      refereeId: 'c',
    });
    expect(events.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { handNumber: 1, levelsBefore: { NS: 0, EW: 0 }, levelsAfter: { NS: 0, EW: 3 } },
    });
  });

  it('GD-VAR-003-17, GD-VAR-003-4: Swiss pairing by cumulative match points stays exact: every graded result is whole tenths summing to 2', () => {
    for (const points of cesa2023.matchPointsByDifference) {
      expect(Number.isInteger(points)).toBe(true);
      expect(points).toBeGreaterThanOrEqual(10);
      expect(points).toBeLessThanOrEqual(20);
    }
    expect(cesa2023.matchPointsByDifference.slice(0, 7)).toEqual([10, 15, 15, 16, 16, 17, 17]);
  });
});

describe('the teachers’ house rules (GD-VAR-004-*)', () => {
  it('GD-VAR-004-10: up to 10 minutes late costs no level; more than 10 is a forfeit and the opponents advance', () => {
    const s = Scenario.create(house004);
    expect(s.send({ type: 'RecordLateArrival', team: 'NS', minutes: 10, refereeId: 'r' })).toMatchObject({
      ok: false,
      rule: 'GD-VAR-004-10',
    });
    expect(
      s.must({ type: 'RecordLateArrival', team: 'NS', minutes: 11, refereeId: 'r' }).at(-1),
    ).toMatchObject({
      type: 'MatchEnded',
      data: { reason: 'forfeit', winner: 'EW' },
    });
  });

  it('GD-VAR-004-12: the table state holds the current trick only; once a trick is won no earlier play is kept for review', () => {
    const s = Scenario.create(house004);
    s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0 });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.state.hand?.trick?.last).toMatchObject({ seat: 'S', cards: ['S3a'] });
    for (const seat of ['E', 'N', 'W'] as const) s.must({ type: 'Pass', seat });
    expect(s.state.hand?.trick).toEqual({ leader: 'S', last: null, passed: [] });
  });

  it('GD-VAR-004-14, GD-LEAD-1: the player who draws the designated face-up card leads the first deal', () => {
    const s = Scenario.create(house004);
    s.deal({ E: ['C7a'] }, { cutIndex: 1 });
    const events: readonly GuandanEvent[] = s.events;
    const cut = events.find((e) => e.type === 'FirstLeadCut');
    expect(cut).toMatchObject({ data: { cutIndex: 1, seat: 'E' } });
    expect(events.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'E', reason: 'cutCard' } });
  });
});
