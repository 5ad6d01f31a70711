import { describe, expect, it } from 'vitest';
import { cesa2023, cga2017, house004 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import { replay } from './replay';
import { initialState, type LastHand, type PerTeam } from './state';

/** A plain win of NS in the previous deal (S first, N third): no double-down, no foul. */
const nsWonLastDeal: LastHand = {
  places: ['S', 'E', 'N', 'W'],
  doubleDown: false,
  winningTeam: 'NS',
  foulBy: null,
};

function southLeads(ruleset = cga2017, format?: Parameters<typeof Scenario.create>[1]): Scenario {
  const s = Scenario.create(ruleset, format);
  s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0, now: 1000 });
  return s;
}

describe('penalties (GD-PEN-*, DEC-GD-10/11/13)', () => {
  it('GD-PEN-3, DEC-GD-10: a violation skips the offender for the rest of the trick', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'violation', rule: 'GD-PEN-13', refereeId: 'ref-1' });
    expect(s.state.hand?.turn).toBe('N');
    s.must({ type: 'Pass', seat: 'N' });
    expect(s.must({ type: 'Pass', seat: 'W' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'S', nextLeader: 'S' },
    });
    // The next trick: E plays again.
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S4a'] });
    expect(s.state.hand?.turn).toBe('E');
  });

  it('DEC-GD-10: a suspended leader hands the lead to his 下家', () => {
    const s = southLeads();
    s.must({ type: 'IssuePenalty', seat: 'S', sanction: 'violation', rule: 'GD-PEN-13', refereeId: 'ref-1' });
    expect(s.state.hand?.turn).toBe('E');
  });

  it('GD-PEN-2: a warning is recorded and changes nothing', () => {
    const s = southLeads();
    s.must({ type: 'IssuePenalty', seat: 'E', sanction: 'warning', rule: 'GD-PEN-14', refereeId: 'ref-1' });
    expect(s.state.penalties).toHaveLength(1);
    expect(s.state.hand?.turn).toBe('S');
  });

  it('GD-PEN-4, GD-TRIB-10, GD-LEAD-5, DEC-GD-11: a foul loses the deal as a double-down; next deal no tribute, the opponents name the leader', () => {
    const s = southLeads();
    const events = s.foul('E');
    expect(events.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { foulBy: 'EW', winningTeam: 'NS', doubleDown: true, levelUp: 3, levelsAfter: { NS: 3, EW: 0 } },
    });
    s.deal({});
    expect(s.events.find((e) => e.type === 'HandStarted' && e.data.handNumber === 2)).toMatchObject({
      data: { tribute: 'none', designatingTeam: 'NS', level: '5' },
    });
    expect(s.state.hand?.phase).toBe('designate');
    expect(s.must({ type: 'DesignateLeader', seat: 'W' })).toEqual([
      { type: 'LeadAssigned', data: { seat: 'W', reason: 'designated' } },
    ]);
    expect(s.send({ type: 'DesignateLeader', seat: 'N' })).toMatchObject({ ok: false, rule: 'GD-LEAD-5' });
  });

  it('GD-PEN-5, GD-SCORE-4, DEC-GD-13: a forfeit scores 2:0 and 18:0, or the actual points past an 18 margin', () => {
    const ewForfeitsAt = (levels: PerTeam<number>) =>
      Scenario.create()
        .after(nsWonLastDeal, levels)
        .must({ type: 'ForfeitMatch', team: 'EW', rule: 'GD-PEN-5', refereeId: 'chief' })
        .at(-1);
    expect(ewForfeitsAt({ NS: 12, EW: 2 })).toMatchObject({
      data: {
        reason: 'forfeit',
        winner: 'NS',
        matchPoints: { NS: 20, EW: 0 },
        levelPoints: { NS: 23, EW: 3 },
      },
    });
    expect(ewForfeitsAt({ NS: 9, EW: 2 })).toMatchObject({
      data: { levelPoints: { NS: 18, EW: 0 } },
    });
  });

  it('GD-VAR-003-15: cesa2023 forfeits score 17:0 level points', () => {
    const s = Scenario.create(cesa2023);
    expect(
      s.must({ type: 'ForfeitMatch', team: 'NS', rule: 'GD-PEN-5', refereeId: 'chief' }).at(-1),
    ).toMatchObject({
      data: { winner: 'EW', levelPoints: { NS: 0, EW: 17 } },
    });
  });

  it('GD-VAR-003-14, GD-PEN-15: cesa2023 lateness gives the punctual pair 1 or 2 levels, over 10 minutes a forfeit; cga2017 leaves lateness to the regulations', () => {
    const s = Scenario.create(cesa2023);
    expect(s.must({ type: 'RecordLateArrival', team: 'NS', minutes: 3, refereeId: 'r' })[0]).toMatchObject({
      type: 'LevelsAwarded',
      data: { team: 'EW', levels: 1, levelsAfter: { NS: 0, EW: 1 } },
    });
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    expect(s.state.hand?.level).toBe('2'); // still the first deal of the game
    const late = Scenario.create(cesa2023);
    expect(
      late.must({ type: 'RecordLateArrival', team: 'EW', minutes: 12, refereeId: 'r' }).at(-1),
    ).toMatchObject({
      type: 'MatchEnded',
      data: { reason: 'forfeit', winner: 'NS' },
    });
    expect(
      Scenario.create(cga2017).send({ type: 'RecordLateArrival', team: 'EW', minutes: 3, refereeId: 'r' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-15' });
  });

  it('GD-PEN-11: playing out of turn (000) costs the offender his next turn once, then he plays on; replay agrees', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    // N put cards down before E acted: the cards never count, and N will be passed over once.
    expect(s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'N', refereeId: 'ref' })).toEqual([
      {
        type: 'PenaltyIssued',
        data: { seat: 'N', sanction: 'turnLost', rule: 'GD-PEN-11', refereeId: 'ref', note: '' },
      },
    ]);
    const skipped = s.must({ type: 'Pass', seat: 'E' });
    expect(skipped).toEqual([
      { type: 'Passed', data: { seat: 'E' } },
      { type: 'Passed', data: { seat: 'N' } },
    ]);
    expect(s.state.hand?.turn).toBe('W');
    s.must({
      type: 'PlayCards',
      seat: 'W',
      cards: [
        s.hand('W').find((c) => c.startsWith('SA') || c.startsWith('DA') || c.startsWith('CA')) ?? 'RJa',
      ],
    });
    s.must({ type: 'Pass', seat: 'S' });
    s.must({ type: 'Pass', seat: 'E' });
    expect(s.state.hand?.turn).toBe('N'); // his right to follow is restored
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-11: a leader who lost his turn hands the lead to his 下家', () => {
    const s = southLeads();
    s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'S', refereeId: 'ref' });
    expect(s.events.at(-1)).toEqual({ type: 'LeadAssigned', data: { seat: 'E', reason: 'turnLost' } });
    expect(s.state.hand?.turn).toBe('E');
  });

  it('GD-VAR-004-9: house004 out-of-turn play gives the opponents a level, never past A (GD-LVL-5)', () => {
    expect(house004.outOfTurnPlay).toEqual({ kind: 'opponentsLevelUp', levels: 1 });
    const s = southLeads(house004);
    expect(s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'E', refereeId: 'r' })).toMatchObject([
      { type: 'LevelsAwarded', data: { team: 'NS', rule: 'GD-VAR-004-9', levelsAfter: { NS: 1, EW: 0 } } },
    ]);
    expect(s.state.hand?.turn).toBe('S'); // the deal continues
    const atAce = Scenario.create(house004).after(nsWonLastDeal, { NS: 12, EW: 0 });
    expect(
      atAce.must({ type: 'AwardLevels', team: 'NS', levels: 1, rule: 'GD-VAR-004-9', refereeId: 'r' }),
    ).toMatchObject([{ data: { levelsAfter: { NS: 12, EW: 0 } } }]);
  });
});

describe('time limits (GD-TIME-1, GD-VAR-004-7)', () => {
  it('GD-TIME-1: 20 s is a warning, 30 s a violation that passes the turn on (DEC-GD-10); under 20 s nothing', () => {
    const s = southLeads();
    expect(s.send({ type: 'ReportThinkingTime', seat: 'S', seconds: 12, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TIME-1',
    });
    expect(s.send({ type: 'ReportThinkingTime', seat: 'E', seconds: 40, refereeId: 'clock' })).toMatchObject({
      ok: false,
      rule: 'GD-TIME-1',
    });
    expect(s.must({ type: 'ReportThinkingTime', seat: 'S', seconds: 22, refereeId: 'clock' })).toMatchObject([
      { type: 'PenaltyIssued', data: { sanction: 'warning', rule: 'GD-TIME-1' } },
    ]);
    s.must({ type: 'ReportThinkingTime', seat: 'S', seconds: 31, refereeId: 'clock' });
    expect(s.state.penalties.at(-1)).toMatchObject({
      sanction: 'violation',
      rule: 'GD-TIME-1',
      note: '31 s',
    });
    expect(s.state.hand?.turn).toBe('E');
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-VAR-004-7: house004 allows 3 minutes for the first play and 30 s after, with warnings only', () => {
    const s = southLeads(house004);
    expect(s.send({ type: 'ReportThinkingTime', seat: 'S', seconds: 100, refereeId: 'clock' })).toMatchObject(
      { ok: false },
    );
    s.must({ type: 'ReportThinkingTime', seat: 'S', seconds: 200, refereeId: 'clock' });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'ReportThinkingTime', seat: 'E', seconds: 400, refereeId: 'clock' });
    expect(s.state.penalties.map((p) => p.sanction)).toEqual(['warning', 'warning']);
    expect(s.state.hand?.turn).toBe('E');
  });
});

describe('formats and scoring (GD-FMT-*, GD-SCORE-*)', () => {
  it('GD-FMT-5: a game needs a valid format', () => {
    const s = new Scenario(initialState());
    const create = {
      type: 'CreateMatch' as const,
      ruleset: cga2017,
      table: 'T1',
      teams: { NS: { id: 'a', name: 'A' }, EW: { id: 'b', name: 'B' } },
      players: (['S', 'E', 'N', 'W'] as const).map((seat) => ({ id: seat, name: seat, seat })),
      now: 0,
    };
    expect(s.send({ ...create, format: { kind: 'fixedDeals', deals: 0 } })).toMatchObject({
      ok: false,
      rule: 'GD-FMT-5',
    });
    expect(s.send({ ...create, format: { kind: 'fixedDeals', deals: 6 } })).toMatchObject({ ok: true });
  });

  it('GD-FMT-2, GD-SCORE-2/3: a fixed-deals game ends after its last deal; the higher pair wins 2:0, 13+d : 13−d', () => {
    const s = southLeads(cga2017, { kind: 'fixedDeals', deals: 1 });
    const events = s.foul('E');
    expect(events.at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: {
        reason: 'dealsPlayed',
        winner: 'NS',
        matchPoints: { NS: 20, EW: 0 },
        levelPoints: { NS: 16, EW: 10 },
      },
    });
  });

  it('GD-VAR-003-4: cesa2023 grades match points by the level difference (3 → 1.6 : 0.4)', () => {
    const s = southLeads(cesa2023, { kind: 'fixedDeals', deals: 1 });
    const events = s.foul('E');
    expect(events.at(-1)).toMatchObject({ data: { matchPoints: { NS: 16, EW: 4 } } });
  });

  it('GD-FMT-3: time is called only after the limit; a deal in progress is finished; no deal starts after', () => {
    const s = southLeads(cga2017, { kind: 'timed', minutes: 60 });
    expect(s.send({ type: 'CallTime', now: 59 * 60_000 })).toMatchObject({ ok: false, rule: 'GD-FMT-3' });
    expect(s.must({ type: 'CallTime', now: 61 * 60_000 })).toEqual([
      { type: 'TimeCalled', data: { at: 61 * 60_000, handInProgress: true } },
    ]);
    const events = s.foul('N');
    expect(events.at(-1)).toMatchObject({ type: 'MatchEnded', data: { reason: 'timeUp', winner: 'EW' } });

    const idle = Scenario.create(cga2017, { kind: 'timed', minutes: 60 });
    expect(idle.send({ type: 'DealCards', seed: 's', salt: 't', now: 60 * 60_000 })).toMatchObject({
      ok: false,
      rule: 'GD-FMT-3',
    });
    expect(idle.must({ type: 'CallTime', now: 60 * 60_000 }).at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: {
        reason: 'timeUp',
        winner: null,
        matchPoints: { NS: 10, EW: 10 },
        levelPoints: { NS: 13, EW: 13 },
      },
    });
  });

  it('GD-FMT-4: timed-or-fixed-deals ends at whichever comes first', () => {
    const byDeals = southLeads(cga2017, { kind: 'timedOrFixedDeals', deals: 1, minutes: 60 });
    const events = byDeals.foul('E');
    expect(events.at(-1)).toMatchObject({ type: 'MatchEnded', data: { reason: 'dealsPlayed' } });
    const byTime = Scenario.create(cga2017, { kind: 'timedOrFixedDeals', deals: 5, minutes: 30 });
    expect(byTime.must({ type: 'CallTime', now: 30 * 60_000 }).at(-1)).toMatchObject({
      data: { reason: 'timeUp' },
    });
  });

  it('GD-VAR-004-8: under house004 a level tie at time-out goes to the pair that reached the level first', () => {
    const s = Scenario.create(house004, { kind: 'timed', minutes: 60 });
    s.must({ type: 'AwardLevels', team: 'EW', levels: 3, rule: 'GD-VAR-004-9', refereeId: 'r' });
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    s.foul('E');
    expect(s.state.levels).toEqual({ NS: 3, EW: 3 });
    expect(s.must({ type: 'CallTime', now: 3_600_000 }).at(-1)).toMatchObject({
      data: { reason: 'timeUp', winner: 'EW', matchPoints: { NS: 0, EW: 20 } },
    });
  });
});
