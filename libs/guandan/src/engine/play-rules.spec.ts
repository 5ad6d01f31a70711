import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import type { Seat } from '../model/seats';
import { cesa2023, cga2017, house004, type Ruleset } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';
import type { IssuePenalty } from './commands';

/** One test per rule of play, manner of play and reporting, each naming that rule alone. */

/** A first deal in which S leads (the cut card is his first card) holding `sCards` first. */
function southLeads(sCards: string[] = ['S3a', 'S4a'], ruleset: Ruleset = cga2017): Scenario {
  const s = Scenario.create(ruleset);
  s.deal({ S: sCards }, { cutIndex: 0 });
  return s;
}

const penalty = (seat: Seat, rule: string): IssuePenalty => ({
  type: 'IssuePenalty',
  seat,
  sanction: 'warning',
  rule,
  refereeId: 'ref',
});

const sanctions = (events: readonly GuandanEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'PenaltyIssued' ? [`${e.data.sanction}:${e.data.rule}`] : []));

describe('playing a trick (GD-PLAY-2/3/4/6/8)', () => {
  it('GD-PLAY-2: each follower in counter-clockwise order beats the last play or passes; a lower play is refused', () => {
    const s = southLeads();
    s.setHands({ E: ['D5a', 'C3a'], N: ['S9b', 'D9b'], W: ['SKb', 'D3b'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S4a'] });
    expect(s.state.hand?.turn).toBe('E');
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['C3a'] })).toMatchObject({ ok: false });
    s.must({ type: 'Pass', seat: 'E' });
    expect(s.state.hand?.turn).toBe('N');
    s.must({ type: 'PlayCards', seat: 'N', cards: ['S9b'] });
    expect(s.state.hand?.turn).toBe('W');
    s.must({ type: 'PlayCards', seat: 'W', cards: ['SKb'] });
    expect(s.state.hand?.turn).toBe('S');
  });

  it('GD-PLAY-3: a pass is recorded as a pass of that seat; the passer keeps his cards and his turn comes round again', () => {
    const s = southLeads();
    s.setHands({ E: ['SAa', 'D9a'], N: ['S8b'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.must({ type: 'Pass', seat: 'E' })).toEqual([{ type: 'Passed', data: { seat: 'E' } }]);
    expect(s.hand('E')).toEqual(['SAa', 'D9a']);
    s.must({ type: 'PlayCards', seat: 'N', cards: ['S8b'] });
    s.must({ type: 'Pass', seat: 'W' });
    s.must({ type: 'Pass', seat: 'S' });
    expect(s.state.hand?.turn).toBe('E');
  });

  it('GD-PLAY-4: the trick ends only when the three others have all passed after the last play', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'Pass', seat: 'E' });
    expect(s.must({ type: 'Pass', seat: 'N' })).toEqual([{ type: 'Passed', data: { seat: 'N' } }]);
    expect(s.state.hand?.trick?.last).toMatchObject({ seat: 'S', cards: ['S3a'] });
    expect(s.must({ type: 'Pass', seat: 'W' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'S', nextLeader: 'S' },
    });
    expect(s.state.hand?.trick?.last).toBeNull();
  });

  it('GD-PLAY-6: when first and second place are of different pairs the deal goes on until a third player is out', () => {
    const s = southLeads(['SAa']);
    s.setHands({ S: ['SAa'], E: ['RJa'], N: ['S3b', 'S4b'], W: ['BJa', 'D5a'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    const second = s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    expect(second).toContainEqual({ type: 'PlayerFinished', data: { seat: 'E', place: 2 } });
    expect(second.some((e) => e.type === 'HandEnded')).toBe(false);
    expect(s.state.status).not.toBe('betweenHands');
    s.must({ type: 'Pass', seat: 'N' });
    s.must({ type: 'Pass', seat: 'W' }); // E is out: his partner W leads
    s.must({ type: 'PlayCards', seat: 'W', cards: ['D5a'] });
    s.must({ type: 'Pass', seat: 'N' });
    const third = s.must({ type: 'PlayCards', seat: 'W', cards: ['BJa'] });
    expect(third.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { places: ['S', 'E', 'W', 'N'] },
    });
  });

  it('GD-PLAY-8: a second place who goes out with a play nobody beats hands the lead to his partner', () => {
    const s = southLeads(['SAa']);
    s.setHands({ S: ['SAa'], E: ['RJa'], N: ['S3b', 'S4b'], W: ['D3b', 'D5a'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    s.must({ type: 'Pass', seat: 'N' });
    expect(s.must({ type: 'Pass', seat: 'W' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'E', nextLeader: 'W' },
    });
    expect(s.state.hand?.turn).toBe('W');
  });
});

describe('manner of play (GD-PLAY-9, GD-WILD-6, GD-PEN-14)', () => {
  it('GD-PLAY-9: a breach of the manner of play is recorded under GD-PLAY-9; the pair’s second is a violation that costs a trick', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(sanctions(s.must(penalty('W', 'GD-PLAY-9')))).toEqual(['warning:GD-PLAY-9']);
    expect(sanctions(s.must(penalty('E', 'GD-PLAY-9')))).toEqual(['violation:GD-PLAY-9']);
    expect(s.state.hand).toMatchObject({ suspended: ['E'], turn: 'N' });
  });

  it('GD-WILD-6: a wildcard laid out of its place counts on the pair’s manner-of-play ladder: after another such breach it is a violation', () => {
    const s = southLeads();
    s.must(penalty('N', 'GD-PLAY-9'));
    expect(sanctions(s.must(penalty('S', 'GD-WILD-6')))).toEqual(['violation:GD-WILD-6']);
    // The other pair's count is its own.
    expect(sanctions(s.must(penalty('E', 'GD-WILD-6')))).toEqual(['warning:GD-WILD-6']);
  });

  it('GD-PEN-14: the same pair’s manner-of-play breaches go warning, violation, foul; the foul costs the deal', () => {
    const s = southLeads();
    expect(sanctions(s.must(penalty('E', 'GD-PEN-14')))).toEqual(['warning:GD-PEN-14']);
    expect(sanctions(s.must(penalty('W', 'GD-PEN-14')))).toEqual(['violation:GD-PEN-14']);
    const third = s.must(penalty('E', 'GD-PEN-14'));
    expect(sanctions(third)).toEqual(['foul:GD-PEN-14']);
    expect(third.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { foulBy: 'EW', winningTeam: 'NS' },
    });
  });
});

describe('reporting the count (GD-RPT-1/4, GD-VAR-003-11)', () => {
  it('GD-RPT-1: a hand dropping to 10 or fewer is reported once, with the count at that moment', () => {
    const s = southLeads();
    s.setHands({ S: ['S3a', 'D3a', 'C3a', 'S5a', 'S6a', 'S7a', 'S8a', 'S9a', 'STa', 'SJa', 'SQa', 'SKa'] });
    expect(s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a', 'D3a', 'C3a'] })).toContainEqual({
      type: 'CardsReported',
      data: { seat: 'S', count: 9 },
    });
    for (const seat of ['E', 'N', 'W'] as const) s.must({ type: 'Pass', seat });
    const again = s.must({ type: 'PlayCards', seat: 'S', cards: ['S5a'] });
    expect(again.map((e) => e.type)).toEqual(['CardsPlayed']);
  });

  it('GD-RPT-2: a missed report is a warning; the same pair’s second in the game is a violation, the other pair’s first still a warning', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(sanctions(s.must(penalty('N', 'GD-RPT-2')))).toEqual(['warning:GD-RPT-2']);
    expect(sanctions(s.must(penalty('E', 'GD-RPT-2')))).toEqual(['warning:GD-RPT-2']);
    expect(sanctions(s.must(penalty('S', 'GD-RPT-2')))).toEqual(['violation:GD-RPT-2']);
    expect(s.state.hand?.suspended).toEqual(['S']);
  });

  it('GD-RPT-4: the regulations may move the report: a ruleset reporting at 5 says nothing at 10', () => {
    const s = southLeads(['S3a'], { ...cga2017, reportThreshold: 5 });
    s.setHands({ S: ['S3a', 'S4a', 'S5a', 'S6a', 'S7a', 'S8a', 'S9a', 'STa', 'SJa', 'SQa', 'SKa'] });
    expect(s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] }).map((e) => e.type)).toEqual([
      'CardsPlayed',
    ]);
    s.setHands({ S: ['S4a', 'S5a', 'S6a', 'S7a', 'S8a', 'S9a'] });
    for (const seat of ['E', 'N', 'W'] as const) s.must({ type: 'Pass', seat });
    expect(s.must({ type: 'PlayCards', seat: 'S', cards: ['S4a'] })).toContainEqual({
      type: 'CardsReported',
      data: { seat: 'S', count: 5 },
    });
  });

  it('GD-VAR-003-11: under cesa2023 asking the count is the asker’s right, so repeats stay warnings; under cga2017 the second is a violation', () => {
    const asked = (ruleset: Ruleset): string[] => {
      const s = southLeads(['S3a'], ruleset);
      s.must(penalty('E', 'GD-RPT-3'));
      return sanctions(s.must(penalty('W', 'GD-RPT-3')));
    };
    expect(asked(cesa2023)).toEqual(['warning:GD-RPT-3']);
    expect(asked(cga2017)).toEqual(['violation:GD-RPT-3']);
  });
});

describe('how a pass is said (GD-VAR-003-12, GD-VAR-004-11)', () => {
  it('GD-VAR-003-12: under cesa2023 a pass (said “过”) is the same Passed fact and moves the turn on', () => {
    const s = southLeads(['S3a'], cesa2023);
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.must({ type: 'Pass', seat: 'E' })).toEqual([{ type: 'Passed', data: { seat: 'E' } }]);
    expect(s.state.hand?.turn).toBe('N');
  });

  it('GD-VAR-004-11: under house004 a pass (“过” or “不要”) is the same Passed fact and moves the turn on', () => {
    const s = southLeads(['S3a'], house004);
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.must({ type: 'Pass', seat: 'E' })).toEqual([{ type: 'Passed', data: { seat: 'E' } }]);
    expect(s.state.hand?.turn).toBe('N');
  });
});
