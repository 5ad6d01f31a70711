import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GuandanEvent } from '../events/catalog';
import { teamOf, type Seat } from '../model/seats';
import { NATIONAL_ESCALATION } from '../ruleset/escalation';
import { cesa2023, cga2017, house004, RulesetSchema, type Ruleset } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import type { IssuePenalty } from './commands';
import { replay } from './replay';

function southLeads(ruleset: Ruleset = cga2017, format?: Parameters<typeof Scenario.create>[1]): Scenario {
  const s = Scenario.create(ruleset, format);
  s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0, now: 1000 });
  return s;
}

function penalty(seat: Seat, sanction: IssuePenalty['sanction'], rule: string): IssuePenalty {
  return { type: 'IssuePenalty', seat, sanction, rule, refereeId: 'ref' };
}

/** The next deal after a foul: dealt, and its leader designated by the non-offenders (GD-LEAD-5). */
function nextDealAfterFoul(s: Scenario): void {
  s.deal({});
  s.must({ type: 'DesignateLeader', seat: 'S' });
}

const sanctions = (events: readonly GuandanEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'PenaltyIssued' ? [`${e.data.sanction}:${e.data.rule}`] : []));

describe('automatic escalation of penalties (GD-PEN-4/5/6)', () => {
  it("GD-PEN-4: a pair's second violation in the game, even in a later deal or by the partner, is also a foul", () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(sanctions(s.must(penalty('E', 'violation', 'GD-TIME-3')))).toEqual(['violation:GD-TIME-3']);
    // The other pair's violation is counted for that pair only.
    expect(sanctions(s.must(penalty('N', 'violation', 'GD-TIME-3')))).toEqual(['violation:GD-TIME-3']);
    expect(s.state.hand?.phase).toBe('play');
    // A foul ruled directly ends deal 1; the violations still count in deal 2 (the same game).
    s.must(penalty('N', 'foul', 'GD-PEN-4'));
    nextDealAfterFoul(s);
    const events = s.must(penalty('W', 'violation', 'GD-TIME-3'));
    expect(sanctions(events)).toEqual(['violation:GD-TIME-3', 'foul:GD-PEN-4']);
    expect(events.find((e) => e.type === 'PenaltyIssued' && e.data.sanction === 'foul')).toMatchObject({
      data: { seat: 'W', note: '2nd violation by EW in this game' },
    });
    expect(events.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { foulBy: 'EW', winningTeam: 'NS', doubleDown: true },
    });
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-4: the count restarts after a foul: a 3rd violation is a violation, the 4th a foul again', () => {
    const s = southLeads();
    s.must(penalty('E', 'violation', 'GD-TIME-3'));
    s.must(penalty('E', 'violation', 'GD-TIME-3'));
    nextDealAfterFoul(s);
    expect(sanctions(s.must(penalty('E', 'violation', 'GD-TIME-3')))).toEqual(['violation:GD-TIME-3']);
    expect(sanctions(s.must(penalty('W', 'violation', 'GD-TIME-3')))).toEqual([
      'violation:GD-TIME-3',
      'foul:GD-PEN-4',
    ]);
  });

  it('GD-PEN-5, GD-SCORE-4: a pair’s third foul in a game loses the game, 2:0 and 18:0, ahead of the format’s own end', () => {
    const s = southLeads(cga2017, { kind: 'fixedDeals', deals: 3 });
    s.must(penalty('E', 'foul', 'GD-PEN-4'));
    nextDealAfterFoul(s);
    s.must(penalty('W', 'foul', 'GD-PEN-13'));
    nextDealAfterFoul(s);
    const events = s.must(penalty('E', 'foul', 'GD-TIME-3'));
    expect(events.map((e) => e.type)).toEqual([
      'PenaltyIssued',
      'HandEnded',
      'DeckRevealed',
      'MatchForfeited',
      'MatchEnded',
    ]);
    expect(events.at(-2)).toMatchObject({ data: { team: 'EW', rule: 'GD-PEN-5', refereeId: 'ref' } });
    // Levels 9:0 give 22:4 on the table, a margin of 18, not above it: the award is 18:0 (DEC-GD-13).
    expect(events.at(-1)).toMatchObject({
      data: {
        reason: 'forfeit',
        winner: 'NS',
        matchPoints: { NS: 20, EW: 0 },
        levelPoints: { NS: 18, EW: 0 },
        levels: { NS: 9, EW: 0 },
      },
    });
    expect(s.state.status).toBe('ended');
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-5: two fouls of each pair lose nothing; the rulesets carry the counts as data', () => {
    const s = southLeads();
    for (const seat of ['E', 'N', 'W', 'S'] as const) {
      s.must(penalty(seat, 'foul', 'GD-PEN-4'));
      if (s.state.status !== 'ended') nextDealAfterFoul(s);
    }
    expect(s.state.status).toBe('inHand');
    for (const ruleset of [cga2017, cesa2023, house004]) {
      expect(ruleset.penaltyEscalation).toMatchObject({ violationsPerFoul: 2, foulsPerGameLost: 3 });
    }
  });

  it('GD-PEN-4/5: a ruleset without automatic escalation leaves the sanctions to the referee', () => {
    const manual: Ruleset = {
      ...cga2017,
      name: 'manual',
      penaltyEscalation: { violationsPerFoul: null, foulsPerGameLost: null, ladders: [] },
    };
    const s = southLeads(manual);
    s.must(penalty('E', 'violation', 'GD-TIME-3'));
    expect(sanctions(s.must(penalty('E', 'violation', 'GD-TIME-3')))).toEqual(['violation:GD-TIME-3']);
    expect(s.state.hand?.phase).toBe('play');
  });

  it('GD-PEN-6: a game lost by penalty records its rule, so the tournament can count a second one; a disqualification scores 2:0 and 18:0', () => {
    const s = southLeads();
    const events = s.must({ type: 'ForfeitMatch', team: 'EW', rule: 'GD-PEN-6', refereeId: 'chief' });
    expect(events).toMatchObject([
      { type: 'MatchForfeited', data: { team: 'EW', rule: 'GD-PEN-6', refereeId: 'chief' } },
      {
        type: 'MatchEnded',
        data: { reason: 'forfeit', matchPoints: { NS: 20 }, levelPoints: { NS: 18, EW: 0 } },
      },
    ]);
  });

  it('GD-PEN-4: a game recorded before penaltyEscalation existed folds, decides and replays under the 2017 ladder', () => {
    const { penaltyEscalation, appeals, ...old } = cga2017;
    expect(penaltyEscalation).toEqual(NATIONAL_ESCALATION);
    expect(appeals).toEqual({ windowMinutes: 30, answerMinutes: 120 });
    expect(RulesetSchema.parse(old).penaltyEscalation).toEqual(NATIONAL_ESCALATION);
    // The stored MatchCreated lacks the fields (stored events at the current version are not re-parsed).
    const s = southLeads();
    const recorded = s.events.map((e) =>
      e.type === 'MatchCreated' ? { ...e, data: { ...e.data, ruleset: old as Ruleset } } : e,
    );
    const folded = replay(recorded);
    expect(folded.ok).toBe(true);
    if (!folded.ok) return;
    const again = new Scenario(folded.state);
    again.must(penalty('E', 'violation', 'GD-TIME-3'));
    expect(sanctions(again.must(penalty('W', 'violation', 'GD-TIME-3')))).toEqual([
      'violation:GD-TIME-3',
      'foul:GD-PEN-4',
    ]);
    expect(replay([...recorded, ...again.events])).toMatchObject({ ok: true });
  });
});

describe('repetition ladders of single rules (GD-PEN-13/14, GD-RPT-2/3, GD-VAR-004-9)', () => {
  it('GD-PEN-14, GD-PLAY-9: manner of play: the pair’s 1st breach is a warning, the 2nd a violation, the 3rd a foul', () => {
    const s = southLeads();
    expect(sanctions(s.must(penalty('S', 'warning', 'GD-PEN-14')))).toEqual(['warning:GD-PEN-14']);
    const second = s.must(penalty('N', 'warning', 'GD-PLAY-9'));
    expect(second[0]).toMatchObject({
      data: {
        sanction: 'violation',
        rule: 'GD-PLAY-9',
        note: '2nd breach of GD-PLAY-9 by NS in this game: violation',
      },
    });
    const third = s.must(penalty('S', 'warning', 'GD-PEN-14'));
    expect(sanctions(third)).toEqual(['foul:GD-PEN-14']);
    expect(third.find((e) => e.type === 'HandEnded')).toMatchObject({ data: { foulBy: 'NS' } });
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-WILD-6: a wildcard not placed in its position is a breach of the manner of play (GD-PLAY-9 ladder)', () => {
    const s = southLeads();
    s.must(penalty('E', 'warning', 'GD-WILD-6'));
    expect(sanctions(s.must(penalty('E', 'warning', 'GD-WILD-6')))).toEqual(['violation:GD-WILD-6']);
  });

  it('GD-RPT-2: a failure to report is a warning; the pair’s second in the game a violation that costs a trick (GD-PEN-3)', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(sanctions(s.must(penalty('W', 'warning', 'GD-RPT-2')))).toEqual(['warning:GD-RPT-2']);
    expect(s.state.hand?.suspended).toEqual([]);
    expect(sanctions(s.must(penalty('E', 'warning', 'GD-RPT-2')))).toEqual(['violation:GD-RPT-2']);
    expect(s.state.hand?.suspended).toEqual(['E']);
    expect(s.state.hand?.turn).toBe('N');
  });

  it('GD-RPT-3: asking the count after a report: first a warning, then a violation', () => {
    const s = southLeads();
    expect(sanctions(s.must(penalty('N', 'warning', 'GD-RPT-3')))).toEqual(['warning:GD-RPT-3']);
    expect(sanctions(s.must(penalty('N', 'warning', 'GD-RPT-3')))).toEqual(['violation:GD-RPT-3']);
    // Breaches of other rules do not climb this ladder.
    expect(sanctions(s.must(penalty('S', 'warning', 'GD-TIME-3')))).toEqual(['warning:GD-TIME-3']);
  });

  it('GD-PEN-13: an illegal signal is a warning or a violation by severity; the pair’s second and later are fouls', () => {
    const s = southLeads();
    expect(sanctions(s.must(penalty('E', 'violation', 'GD-PEN-13')))).toEqual(['violation:GD-PEN-13']);
    const second = s.must(penalty('W', 'warning', 'GD-PEN-13'));
    expect(sanctions(second)).toEqual(['foul:GD-PEN-13']);
    nextDealAfterFoul(s);
    expect(sanctions(s.must(penalty('E', 'warning', 'GD-PEN-13')))).toEqual(['foul:GD-PEN-13']);
  });

  it('GD-PEN-3: an escalated violation outside a deal is refused and says why', () => {
    const s = Scenario.create();
    s.must(penalty('E', 'warning', 'GD-RPT-3'));
    expect(s.send(penalty('E', 'warning', 'GD-RPT-3'))).toMatchObject({
      ok: false,
      rule: 'GD-PEN-3',
      message:
        "the pair's 2nd breach of GD-RPT-3 is a violation; violations and fouls are ruled during a deal",
    });
  });

  it('GD-VAR-004-9: house004: two out-of-turn warnings to one pair in one deal are a foul, +1 level to the opponents, and the deal goes on', () => {
    const s = southLeads(house004);
    expect(s.must(penalty('E', 'warning', 'GD-VAR-004-9'))).toHaveLength(1);
    s.must(penalty('S', 'warning', 'GD-VAR-004-9'));
    const second = s.must(penalty('W', 'warning', 'GD-VAR-004-9'));
    expect(second).toMatchObject([
      { type: 'PenaltyIssued', data: { sanction: 'warning', rule: 'GD-VAR-004-9' } },
      {
        type: 'LevelsAwarded',
        data: { team: 'NS', levels: 1, rule: 'GD-VAR-004-9', levelsAfter: { NS: 1, EW: 0 } },
      },
    ]);
    expect(s.state.hand?.phase).toBe('play');
    expect(s.state.hand?.turn).toBe('S');
    // Counted in twos: a third warning is only a warning, the fourth another foul.
    expect(s.must(penalty('E', 'warning', 'GD-VAR-004-9'))).toHaveLength(1);
    expect(s.must(penalty('E', 'warning', 'GD-VAR-004-9')).at(-1)).toMatchObject({
      type: 'LevelsAwarded',
      data: { levelsAfter: { NS: 2, EW: 0 } },
    });
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-VAR-004-9: the count is per deal; cga2017 has no such ladder', () => {
    const s = southLeads(house004);
    s.must(penalty('E', 'warning', 'GD-VAR-004-9'));
    s.must(penalty('N', 'foul', 'GD-PEN-4'));
    nextDealAfterFoul(s);
    expect(s.must(penalty('W', 'warning', 'GD-VAR-004-9'))).toHaveLength(1);
    expect(cga2017.penaltyEscalation.ladders.some((l) => l.rules.includes('GD-VAR-004-9'))).toBe(false);
  });

  it('GD-TRIB-7: a tribute delay is a warning, 15 s later a violation, and the pair’s second violation a foul (GD-PEN-4)', () => {
    const s = Scenario.create().after(
      { places: ['S', 'N', 'E', 'W'], doubleDown: true, winningTeam: 'NS', foulBy: null },
      { NS: 3, EW: 0 },
    );
    s.deal({ E: ['BJa', 'SAa'], W: ['BJb', 'SKa'], S: ['RJa', 'RJb'] });
    expect(s.state.hand?.phase).toBe('tribute');
    expect(
      sanctions(s.must({ type: 'ReportThinkingTime', seat: 'E', seconds: 16, refereeId: 'clock' })),
    ).toEqual(['warning:GD-TRIB-7']);
    s.must({ type: 'ReportThinkingTime', seat: 'E', seconds: 31, refereeId: 'clock' });
    const events = s.must({ type: 'ReportThinkingTime', seat: 'W', seconds: 31, refereeId: 'clock' });
    expect(sanctions(events)).toEqual(['violation:GD-TRIB-7', 'foul:GD-PEN-4']);
    expect(s.state.lastHand).toMatchObject({ foulBy: 'EW', winningTeam: 'NS' });
  });
});

describe('escalation property (GD-PEN-4/5)', () => {
  const rules = ['GD-TIME-3', 'GD-PEN-13', 'GD-PEN-14', 'GD-RPT-2', 'GD-RPT-3', 'GD-VAR-004-9'] as const;
  const op = fc.record({
    seat: fc.constantFrom('S', 'E', 'N', 'W' as const),
    sanction: fc.constantFrom('warning', 'warning', 'violation', 'foul' as const),
    rule: fc.constantFrom(...rules),
  });

  it('GD-PEN-4/5 property: any run of sanctions keeps every second violation a foul, ends the game exactly at a pair’s third foul, and replays', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(cga2017, cesa2023, house004),
        fc.array(op, { maxLength: 40 }),
        (ruleset, ops) => {
          const s = Scenario.create(ruleset);
          for (const { seat, sanction, rule } of ops) {
            if (s.state.status === 'ended') break;
            if (s.state.status === 'betweenHands') {
              s.deal({}, { cutIndex: 0 });
              if (s.state.hand?.phase === 'designate') s.must({ type: 'DesignateLeader', seat: 'S' });
            }
            if (s.state.hand?.phase !== 'play') break; // a tribute deal: the sanctions so far are enough
            s.must({ type: 'IssuePenalty', seat, sanction, rule, refereeId: 'ref' });
            const fouls = { NS: 0, EW: 0 };
            for (const team of ['NS', 'EW'] as const) {
              const of = (kind: string): number =>
                s.state.penalties.filter((p) => p.sanction === kind && teamOf(p.seat) === team).length;
              fouls[team] = of('foul');
              expect(fouls[team]).toBeGreaterThanOrEqual(Math.floor(of('violation') / 2));
              expect(fouls[team]).toBeLessThanOrEqual(3);
            }
            const loser = fouls.NS === 3 ? 'NS' : fouls.EW === 3 ? 'EW' : null;
            if (loser !== null) {
              expect(s.state.result).toMatchObject({
                reason: 'forfeit',
                winner: loser === 'NS' ? 'EW' : 'NS',
              });
            } else if (s.state.result !== null) {
              // Nothing but passing A ends a game here (the state is re-read after the command).
              expect(s.state.result.reason).toBe('pastAce');
            }
            expect(s.state.levels.NS).toBeLessThanOrEqual(13);
            expect(s.state.levels.EW).toBeLessThanOrEqual(13);
          }
          const replayed = replay(s.events);
          expect(replayed.ok).toBe(true);
          if (replayed.ok) expect(replayed.state).toEqual(s.state);
        },
      ),
      { numRuns: 150 },
    );
  });
});
