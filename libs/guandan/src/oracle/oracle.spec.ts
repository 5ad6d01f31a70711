import { describe, expect, it } from 'vitest';
import { playRandomMatch } from '../sim/playout';
import { cga2017 } from '../ruleset/ruleset';
import { answerOracleLine } from './oracle';

const ask = (request: unknown): Record<string, unknown> => answerOracleLine(JSON.stringify(request));

describe('rules oracle (docs/rules-oracle.md)', () => {
  it('GD-WILD-4 #5b: classify lists every reading of 4567 + ♥2', () => {
    expect(ask({ op: 'classify', cards: ['S4', 'C5', 'D6', 'S7', 'H2'], level: '2', id: 1 })).toEqual({
      id: 1,
      ok: true,
      readings: [
        { type: 'straight', rank: '7', length: 5 },
        { type: 'straight', rank: '8', length: 5 },
      ],
    });
  });

  it('GD-DECK-1: a face listed three times is refused with the rule ID', () => {
    expect(ask({ op: 'classify', cards: ['S3', 'S3', 'S3'], level: '2' })).toMatchObject({
      ok: false,
      rule: 'GD-DECK-1',
    });
  });

  it('GD-COMBO-8, GD-VAR-004-13: the ruleset field caps bombs (house004: 8 cards)', () => {
    const ten = ['S9', 'S9', 'H9', 'H9', 'C9', 'C9', 'D9', 'D9', 'H2', 'H2'];
    expect(ask({ op: 'classify', cards: ten, level: '2' })).toMatchObject({
      readings: [{ type: 'bomb', length: 10 }],
    });
    expect(ask({ op: 'classify', cards: ten, level: '2', ruleset: 'house004' })).toEqual({
      ok: true,
      readings: [],
    });
  });

  it('GD-CMP-6: beats places a straight flush between 5- and 6-card bombs', () => {
    const sf = {
      cards: ['H3', 'H4', 'H5', 'H6', 'H7'],
      as: { type: 'straightFlush', rank: '7', length: 5, suit: 'H' },
    };
    const five = { cards: ['SA', 'SA', 'CA', 'DA', 'HA'], as: { type: 'bomb', rank: 'A', length: 5 } };
    const six = { cards: ['S3', 'S3', 'C3', 'D3', 'C3', 'D3'], as: { type: 'bomb', rank: '3', length: 6 } };
    expect(ask({ op: 'beats', play: sf, current: five, level: '9' })).toEqual({ ok: true, beats: true });
    expect(ask({ op: 'beats', play: sf, current: six, level: '9' })).toEqual({ ok: true, beats: false });
  });

  it('rulesets: every ruleset as data, each difference a named field (GD-VAR-*)', () => {
    const answer = ask({ op: 'rulesets' });
    expect(answer).toMatchObject({ ok: true, default: 'cga2017' });
    expect(answer.rulesets).toMatchObject({
      cga2017: { maxBombLength: 10, reportThreshold: 10 },
      house004: { maxBombLength: 8, reportThreshold: 7, aFailuresBackTo2: 3 },
      cesa2023: { returnTributeMaxFace: { toOpponent: 10 } },
    });
  });

  it('GD-COMBO-11: a malformed toBeat reading is refused; an unknown op is a request error', () => {
    expect(
      ask({ op: 'legalPlays', hand: ['S3'], toBeat: { type: 'straight', rank: '4', length: 5 }, level: '2' }),
    ).toMatchObject({ ok: false, rule: 'GD-COMBO-11' });
    expect(
      ask({ op: 'legalPlays', hand: ['S3'], toBeat: { type: 'pair', rank: '3', length: 3 }, level: '2' }),
    ).toMatchObject({
      ok: false,
      rule: 'GD-COMBO-11',
    });
    expect(ask({ op: 'shuffle', id: 'x' })).toMatchObject({
      id: 'x',
      ok: false,
      error: expect.any(String) as string,
    });
    expect(answerOracleLine('{')).toEqual({ ok: false, error: 'not valid JSON' });
  });

  it('GD-CMP-1: legalPlays when following lists only plays that beat', () => {
    const answer = ask({
      op: 'legalPlays',
      hand: ['S5', 'D5', 'SK', 'DK', 'H2'],
      toBeat: { type: 'pair', rank: 'Q', length: 2 },
      level: '2',
    });
    expect(answer).toEqual({
      ok: true,
      plays: [
        { cards: ['SK', 'DK'], as: { type: 'pair', rank: 'K', length: 2 } },
        { cards: ['SK', 'H2'], as: { type: 'pair', rank: 'K', length: 2 } },
        { cards: ['DK', 'H2'], as: { type: 'pair', rank: 'K', length: 2 } },
      ],
    });
  });

  it('GD-PLAY-10: a stream with an event the rules did not produce is refused', () => {
    const match = playRandomMatch({ ruleset: cga2017, seed: 'oracle-2', maxHands: 1 });
    if (!match.ok) return expect.fail(match.violation.message);
    const lead = match.events.findIndex((e) => e.type === 'LeadAssigned');
    const forged = [
      ...match.events.slice(0, lead + 1),
      { type: 'TrickWon', data: { seat: 'S', nextLeader: 'S' } },
    ];
    expect(ask({ op: 'replay', events: forged })).toMatchObject({
      ok: false,
      rule: 'GD-PLAY-10',
      index: lead + 1,
    });
  });

  it('replay: reproduces a played deal, and names the rule of a forged pass', () => {
    const match = playRandomMatch({ ruleset: cga2017, seed: 'oracle', maxHands: 1 });
    if (!match.ok) return expect.fail(match.violation.message);
    expect(ask({ op: 'replay', events: match.events })).toMatchObject({
      ok: true,
      state: { handsPlayed: 1 },
    });
    const lead = match.events.findIndex((e) => e.type === 'LeadAssigned');
    const forged = [...match.events.slice(0, lead + 1), { type: 'Passed', data: { seat: 'S' } }];
    const leader = match.events[lead];
    const expected = leader?.type === 'LeadAssigned' && leader.data.seat === 'S' ? 'GD-PLAY-1' : 'GD-PEN-12';
    expect(ask({ op: 'replay', events: forged })).toMatchObject({
      ok: false,
      rule: expected,
      index: lead + 1,
    });
  });
});
