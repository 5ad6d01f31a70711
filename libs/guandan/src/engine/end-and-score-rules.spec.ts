import { describe, expect, it } from 'vitest';
import type { GuandanEvent } from '../events/catalog';
import { cesa2023, cga2017, house004, type Ruleset } from '../ruleset/ruleset';
import { playRandomMatch } from '../sim/playout';
import { Scenario } from '../testing/scenario';
import { replay } from './replay';
import type { LastHand, PerTeam } from './state';

/** One test per rule of the end of a deal, levels, formats and scoring, each naming it alone. */

type Format = Parameters<typeof Scenario.create>[1];

function southLeads(ruleset: Ruleset = cga2017, format?: Format): Scenario {
  const s = Scenario.create(ruleset, format);
  s.deal({ S: ['S3a', 'S4a'] }, { cutIndex: 0 });
  return s;
}

/** A later deal after `last` at `levels` in which last place resists (both big jokers), so S leads. */
function laterDealSouthLeads(
  last: LastHand,
  levels: PerTeam<number>,
  ruleset?: Ruleset,
  format?: Format,
): Scenario {
  const s = Scenario.create(ruleset, format).after(last, levels);
  const payer = last.places[3] ?? 'W';
  const decision = s.deal({ [payer]: ['RJa', 'RJb'] });
  if (!decision.ok) throw new Error(decision.message);
  if (s.state.hand?.phase === 'tribute') s.must({ type: 'ResistTribute', seat: payer });
  return s;
}

const nsWon: LastHand = { places: ['S', 'E', 'N', 'W'], doubleDown: false, winningTeam: 'NS', foulBy: null };

/** S then N go out: a double-down for NS. */
function doubleDownNS(s: Scenario): readonly GuandanEvent[] {
  s.setHands({ S: ['SAa'], N: ['BJa'] });
  s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
  s.must({ type: 'Pass', seat: 'E' });
  return s.must({ type: 'PlayCards', seat: 'N', cards: ['BJa'] });
}

/** S first, E second, N third, W last: +2 for NS. */
function partnerThird(s: Scenario): readonly GuandanEvent[] {
  s.setHands({ S: ['SAa'], E: ['RJa'], N: ['BJa'], W: ['S3b', 'S4b'] });
  s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
  s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
  s.must({ type: 'Pass', seat: 'N' });
  s.must({ type: 'Pass', seat: 'W' });
  s.must({ type: 'PlayCards', seat: 'W', cards: ['S3b'] });
  return s.must({ type: 'PlayCards', seat: 'N', cards: ['BJa'] });
}

const ended = (events: readonly GuandanEvent[]) => events.find((e) => e.type === 'HandEnded');
const finished = (events: readonly GuandanEvent[]) =>
  events.flatMap((e) => (e.type === 'PlayerFinished' ? [`${e.data.seat}${e.data.place}`] : []));

describe('the end of a deal (GD-END-*)', () => {
  it('GD-END-1: the first, second and third players out take places 1, 2 and 3; the one left holding cards is last', () => {
    const s = southLeads();
    const events: GuandanEvent[] = [];
    s.setHands({ S: ['SAa'], E: ['RJa'], N: ['BJa'], W: ['S3b', 'S4b'] });
    events.push(...s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] }));
    events.push(...s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] }));
    events.push(...s.must({ type: 'Pass', seat: 'N' }), ...s.must({ type: 'Pass', seat: 'W' }));
    events.push(...s.must({ type: 'PlayCards', seat: 'W', cards: ['S3b'] }));
    events.push(...s.must({ type: 'PlayCards', seat: 'N', cards: ['BJa'] }));
    expect(finished(events)).toEqual(['S1', 'E2', 'N3']);
    expect(ended(events)).toMatchObject({ data: { places: ['S', 'E', 'N', 'W'] } });
  });

  it('GD-END-2: a double-down ends the deal at once, with the losers still holding cards and unranked', () => {
    const s = southLeads();
    const events = doubleDownNS(s);
    expect(ended(events)).toMatchObject({ data: { places: ['S', 'N'], doubleDown: true } });
    expect(s.state.status).toBe('betweenHands');
    expect(s.send({ type: 'Pass', seat: 'W' })).toMatchObject({ ok: false });
  });

  it('GD-END-3: after a double-down both losers are the last-place side and each owes tribute', () => {
    const s = southLeads();
    doubleDownNS(s);
    s.deal({ E: ['RJa'], W: ['BJa'], S: ['BJb', 'RJb'] });
    expect(s.state.hand?.phase).toBe('tribute');
    expect(s.must({ type: 'GiveTribute', seat: 'E', card: 'RJa' })).toEqual([
      { type: 'TributeGiven', data: { from: 'E', card: 'RJa' } },
    ]);
    expect(s.must({ type: 'GiveTribute', seat: 'W', card: 'BJa' }).map((e) => e.type)).toEqual([
      'TributeGiven',
      'TributeAssigned',
    ]);
  });

  it('GD-END-4: every deal’s end records both pairs’ levels before and after', () => {
    const s = laterDealSouthLeads(nsWon, { NS: 4, EW: 7 });
    expect(ended(partnerThird(s))).toMatchObject({
      data: { levelsBefore: { NS: 4, EW: 7 }, levelsAfter: { NS: 6, EW: 7 } },
    });
    expect(s.state.levels).toEqual({ NS: 6, EW: 7 });
  });
});

describe('levels (GD-LVL-4, GD-VAR-004-15)', () => {
  it('GD-LVL-4: only the first player’s pair goes up (+3, +2 or +1); the other pair stays where it was', () => {
    const three = laterDealSouthLeads(nsWon, { NS: 1, EW: 5 });
    expect(ended(doubleDownNS(three))).toMatchObject({ data: { levelUp: 3, levelsAfter: { NS: 4, EW: 5 } } });
    const two = laterDealSouthLeads(nsWon, { NS: 1, EW: 5 });
    expect(ended(partnerThird(two))).toMatchObject({ data: { levelUp: 2, levelsAfter: { NS: 3, EW: 5 } } });
  });

  it('GD-VAR-004-15: house004 words the level-up differently to the same effect: a double-down is +3, partner third +2', () => {
    const three = laterDealSouthLeads(nsWon, { NS: 0, EW: 0 }, house004);
    expect(ended(doubleDownNS(three))).toMatchObject({ data: { levelUp: 3, levelsAfter: { NS: 3, EW: 0 } } });
    const two = laterDealSouthLeads(nsWon, { NS: 0, EW: 0 }, house004);
    expect(ended(partnerThird(two))).toMatchObject({ data: { levelUp: 2, levelsAfter: { NS: 2, EW: 0 } } });
  });
});

describe('formats and scores (GD-FMT-1/2, GD-SCORE-1/2/4, GD-VAR-003-2/5/13/17)', () => {
  it('GD-FMT-1: a game played to past A ends when a pair passes A, and no deal follows', () => {
    const s = laterDealSouthLeads(nsWon, { NS: 12, EW: 3 }, cga2017, { kind: 'toPastAce' });
    const events = doubleDownNS(s);
    expect(events.at(-1)).toMatchObject({ type: 'MatchEnded', data: { reason: 'pastAce', winner: 'NS' } });
    expect(s.send({ type: 'DealCards', seed: 'more', salt: 'x', now: 0 })).toMatchObject({
      ok: false,
      rule: 'GD-FMT-1',
    });
  });

  it('GD-FMT-2: a fixed-deals game does not end before its last deal, and ends right after it', () => {
    const s = southLeads(cga2017, { kind: 'fixedDeals', deals: 2 });
    const first = s.foul('E');
    expect(first.some((e) => e.type === 'MatchEnded')).toBe(false);
    s.deal({});
    s.must({ type: 'DesignateLeader', seat: 'S' });
    const second = s.foul('E');
    expect(second.at(-1)).toMatchObject({
      type: 'MatchEnded',
      data: { reason: 'dealsPlayed', rule: 'GD-FMT-2' },
    });
  });

  it('GD-SCORE-1: a score row is recorded after every deal, and the rows follow each other', () => {
    const s = southLeads(cga2017, { kind: 'fixedDeals', deals: 3 });
    s.foul('E');
    s.deal({});
    s.must({ type: 'DesignateLeader', seat: 'S' });
    s.foul('N');
    const rows = s.events.flatMap((e) =>
      e.type === 'HandEnded' ? [[e.data.handNumber, e.data.levelsBefore, e.data.levelsAfter]] : [],
    );
    expect(rows).toEqual([
      [1, { NS: 0, EW: 0 }, { NS: 3, EW: 0 }],
      [2, { NS: 3, EW: 0 }, { NS: 3, EW: 3 }],
    ]);
  });

  it('GD-SCORE-2: the higher pair takes 2 match points and the other 0; equal levels give 1 each', () => {
    const win = southLeads(cga2017, { kind: 'fixedDeals', deals: 1 });
    expect(win.foul('N').at(-1)).toMatchObject({ data: { winner: 'EW', matchPoints: { NS: 0, EW: 20 } } });
    const draw = southLeads(cga2017, { kind: 'fixedDeals', deals: 2 });
    draw.foul('E');
    draw.deal({});
    draw.must({ type: 'DesignateLeader', seat: 'S' });
    expect(draw.foul('N').at(-1)).toMatchObject({
      data: { winner: null, levels: { NS: 3, EW: 3 }, matchPoints: { NS: 10, EW: 10 } },
    });
  });

  it('GD-SCORE-4: a game lost by forfeit scores 2:0 and 18:0, unless the winner’s actual margin is larger', () => {
    const forfeit = (levels: PerTeam<number>) =>
      Scenario.create()
        .after(nsWon, levels)
        .must({ type: 'ForfeitMatch', team: 'NS', rule: 'GD-PEN-5', refereeId: 'chief' })
        .at(-1);
    expect(forfeit({ NS: 0, EW: 0 })).toMatchObject({
      data: { winner: 'EW', matchPoints: { NS: 0, EW: 20 }, levelPoints: { NS: 0, EW: 18 } },
    });
    expect(forfeit({ NS: 1, EW: 12 })).toMatchObject({ data: { levelPoints: { NS: 2, EW: 24 } } });
  });

  it('GD-VAR-003-2: a cesa2023 game of 7 deals ends after exactly 7 deals', () => {
    const result = playRandomMatch({
      ruleset: cesa2023,
      format: { kind: 'fixedDeals', deals: 7 },
      seed: 'round-of-7',
    });
    if (!result.ok) throw new Error(result.violation.message);
    const endsAt = result.events.flatMap((e, i) => (e.type === 'HandEnded' ? [i] : []));
    expect(endsAt).toHaveLength(7);
    const matchEnded = result.events.findIndex((e) => e.type === 'MatchEnded');
    expect(matchEnded).toBeGreaterThan(endsAt[6] ?? Infinity);
    expect(result.events.slice(matchEnded + 1).some((e) => e.type === 'HandStarted')).toBe(false);
  });

  it('GD-VAR-003-5: a game’s result carries what the tie-break chain ranks by: match points, level points and final levels', () => {
    const s = southLeads(cesa2023, { kind: 'fixedDeals', deals: 1 });
    expect(s.foul('W').at(-1)).toEqual({
      type: 'MatchEnded',
      data: {
        reason: 'dealsPlayed',
        winner: 'NS',
        levels: { NS: 3, EW: 0 },
        matchPoints: { NS: 16, EW: 4 },
        levelPoints: { NS: 16, EW: 10 },
        rule: 'GD-FMT-2',
      },
    });
  });

  it('GD-VAR-003-13: the score sheet’s row of each deal (deal number, both levels) is in the record, and replays', () => {
    const s = southLeads(cesa2023);
    const events = s.foul('S');
    expect(ended(events)).toMatchObject({
      data: { handNumber: 1, levelsBefore: { NS: 0, EW: 0 }, levelsAfter: { NS: 0, EW: 3 } },
    });
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-VAR-003-17: cumulative match points for Swiss pairing add up exactly: every graded result is whole tenths summing to 2', () => {
    for (let d = 0; d <= 12; d += 1) {
      const s = Scenario.create(cesa2023, { kind: 'fixedDeals', deals: 1 }).after(nsWon, { NS: d, EW: 0 });
      s.deal({ W: ['RJa', 'RJb'] });
      const result = s.foul('E').at(-1);
      if (result?.type !== 'MatchEnded') return expect.fail(`no result at d=${d}`);
      const { NS, EW } = result.data.matchPoints;
      expect(Number.isInteger(NS) && Number.isInteger(EW), `d=${d}`).toBe(true);
      expect(NS + EW, `d=${d}`).toBe(20);
    }
  });
});
