import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { cesa2023, cga2017, house004 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import { replay } from './replay';

/** One test per procedural rule (rulings, lateness, corrections, who draws and leads first). */

function southLeads(ruleset = cga2017): Scenario {
  const s = Scenario.create(ruleset);
  s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0 });
  return s;
}

describe('rulings (GD-PEN-1/7)', () => {
  it('GD-PEN-1: a penalty is recorded only as a ruling under a named rule; one that names none is refused', () => {
    const s = southLeads();
    expect(
      s.send({ type: 'IssuePenalty', seat: 'W', sanction: 'violation', rule: ' ', refereeId: 'table-ref' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-1' });
    expect(s.state.penalties).toEqual([]);
    s.must({
      type: 'IssuePenalty',
      seat: 'W',
      sanction: 'violation',
      rule: 'GD-PEN-13',
      refereeId: 'table-ref',
    });
    expect(s.state.penalties).toMatchObject([{ seat: 'W', sanction: 'violation', rule: 'GD-PEN-13' }]);
  });

  it('GD-PEN-7: players cannot settle a penalty themselves: a ruling without an arbiter is refused and nothing changes', () => {
    const s = southLeads();
    const before = s.state;
    expect(
      s.send({ type: 'IssuePenalty', seat: 'N', sanction: 'foul', rule: 'GD-PEN-4', refereeId: '' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-7' });
    expect(s.state).toBe(before);
    expect(s.state.status).not.toBe('betweenHands');
  });
});

describe('lateness (GD-PEN-15, GD-VAR-003-14)', () => {
  it('GD-PEN-15: under the 2017 rules lateness is left to the regulations, so the engine records no lateness sanction', () => {
    expect(cga2017.lateArrivalLevels).toEqual([]);
    const s = Scenario.create(cga2017);
    expect(s.send({ type: 'RecordLateArrival', team: 'NS', minutes: 4, refereeId: 'r' })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-15',
    });
    expect(s.state.levels).toEqual({ NS: 0, EW: 0 });
  });

  it('GD-VAR-003-14: under cesa2023 up to 5 minutes late gives the punctual pair 1 level, 5 to 10 minutes 2, more a forfeit', () => {
    const late = (minutes: number): readonly GuandanEvent[] =>
      Scenario.create(cesa2023).must({ type: 'RecordLateArrival', team: 'EW', minutes, refereeId: 'r' });
    expect(late(5)[0]).toMatchObject({ type: 'LevelsAwarded', data: { team: 'NS', levels: 1 } });
    expect(late(8)[0]).toMatchObject({
      type: 'LevelsAwarded',
      data: { team: 'NS', levels: 2, levelsAfter: { NS: 2, EW: 0 } },
    });
    expect(late(11).at(-1)).toMatchObject({ type: 'MatchEnded', data: { reason: 'forfeit', winner: 'NS' } });
  });
});

describe('corrections (GD-APL-3, GD-VAR-003-16)', () => {
  it('GD-APL-3: a recorded result is never rewritten: a deal whose winner was swapped afterwards does not replay', () => {
    const s = southLeads();
    s.foul('W');
    s.deal({});
    s.must({ type: 'DesignateLeader', seat: 'N' });
    expect(replay(s.events)).toMatchObject({ ok: true });
    const edited = s.events.map((e) =>
      e.type === 'HandEnded'
        ? { ...e, data: { ...e.data, winningTeam: 'EW' as const, levelsAfter: { NS: 0, EW: 3 } } }
        : e,
    );
    expect(replay(edited)).toMatchObject({ ok: false, rule: 'GD-PLAY-10' });
  });

  it('GD-VAR-003-16: under cesa2023 a published game result cannot be corrected in place: an edited MatchEnded does not replay', () => {
    const s = Scenario.create(cesa2023, { kind: 'fixedDeals', deals: 1 });
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    s.foul('E');
    expect(replay(s.events)).toMatchObject({ ok: true });
    const edited = s.events.map((e) =>
      e.type === 'MatchEnded' ? { ...e, data: { ...e.data, matchPoints: { NS: 20, EW: 0 } } } : e,
    );
    expect(replay(edited)).toMatchObject({ ok: false, rule: 'GD-PLAY-10' });
  });
});

describe('who draws and leads first under the variants (GD-VAR-003-7, GD-VAR-004-14)', () => {
  it('GD-VAR-003-7: under cesa2023 last place draws first in a later deal, and first place’s 下家 after a double-down', () => {
    const single = Scenario.create(cesa2023).after(
      { places: ['E', 'S', 'W', 'N'], doubleDown: false, winningTeam: 'EW', foulBy: null },
      { NS: 0, EW: 1 },
    );
    single.deal({ N: ['BJa'], S: ['BJb', 'RJa', 'RJb'] });
    expect(single.events.find((e) => e.type === 'CardsDealt')).toMatchObject({ data: { firstDrawer: 'N' } });
    const double = Scenario.create(cesa2023).after(
      { places: ['W', 'E'], doubleDown: true, winningTeam: 'EW', foulBy: null },
      { NS: 0, EW: 3 },
    );
    double.deal({ N: ['BJa'], S: ['BJb'], E: ['RJa', 'RJb'] });
    expect(double.events.find((e) => e.type === 'CardsDealt')).toMatchObject({ data: { firstDrawer: 'S' } });
  });

  it('GD-VAR-004-14: under house004 whoever draws the face-up card leads the first deal', () => {
    const s = Scenario.create(house004);
    s.deal({ N: ['D8a'] }, { cutIndex: 2 });
    expect(s.events.find((e) => e.type === 'FirstLeadCut')).toMatchObject({
      data: { cutIndex: 2, card: 'D8a', seat: 'N' },
    });
    expect(s.events.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'N', reason: 'cutCard' } });
    expect(s.state.hand?.turn).toBe('N');
  });
});
