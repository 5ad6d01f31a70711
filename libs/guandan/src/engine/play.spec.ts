import { verifyDeckCommitment } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { cesa2023, house004 } from '../ruleset/ruleset';
import { Scenario } from '../testing/scenario';

/** A first deal where S holds `sCards` first and leads (cut card = S's first card, DEC-GD-3). */
function southLeads(
  sCards: string[] = ['S3a', 'S4a', 'S5a', 'S6a', 'S7a', 'SKa', 'DKa', 'S6b', 'C6a', 'H2a'],
): Scenario {
  const s = Scenario.create();
  s.deal({ S: sCards }, { cutIndex: 0 });
  return s;
}

const types = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);

describe('deal (GD-DECK-*, GD-DEAL-*, GD-LEAD-1)', () => {
  it('GD-DECK-2, GD-DECK-3, GD-LEAD-1: 27 cards each (the count check passes); the holder of the turned card leads the first deal', () => {
    const s = southLeads();
    expect(types(s.events)).toEqual([
      'MatchCreated',
      'HandStarted',
      'DeckCommitted',
      'CardsDealt',
      'FirstLeadCut',
      'LeadAssigned',
    ]);
    for (const seat of ['S', 'E', 'N', 'W'] as const) expect(s.hand(seat)).toHaveLength(27);
    expect(s.state.hand?.turn).toBe('S');
    expect(s.state.hand?.level).toBe('2'); // GD-LVL-2
  });

  it('GD-DEAL-2: cards are dealt one at a time, counter-clockwise from the first drawer', () => {
    const s = Scenario.create();
    s.must({ type: 'DealCards', seed: 'deal-order', salt: 'x', now: 0 });
    const dealt = s.events.find((e) => e.type === 'CardsDealt');
    if (dealt?.type !== 'CardsDealt') return expect.fail('no deal');
    const { order, hands, firstDrawer } = dealt.data;
    expect(firstDrawer).toBe('S');
    expect([hands.S[0], hands.E[0], hands.N[0], hands.W[0], hands.S[1]]).toEqual(order.slice(0, 5));
  });

  it('GD-DEAL-5: a seeded deal is reproducible; the commitment precedes the cards and the reveal verifies it', () => {
    const a = Scenario.create();
    a.must({ type: 'DealCards', seed: 'final-1', salt: 'pepper', now: 0 });
    const b = Scenario.create();
    b.must({ type: 'DealCards', seed: 'final-1', salt: 'pepper', now: 0 });
    expect(a.state.hand?.hands).toEqual(b.state.hand?.hands);
    const committed = a.events.find((e) => e.type === 'DeckCommitted');
    const dealt = a.events.find((e) => e.type === 'CardsDealt');
    if (committed?.type !== 'DeckCommitted' || dealt?.type !== 'CardsDealt')
      return expect.fail('missing events');
    expect(verifyDeckCommitment(committed.data.commitment, dealt.data.order, 'pepper')).toBe(true);
  });

  it('GD-DEAL-5, GD-DECK-1: a deal needs exactly one of seed and order, and a full double deck', () => {
    const s = Scenario.create();
    expect(s.send({ type: 'DealCards', salt: 'x', now: 0 })).toMatchObject({ ok: false, rule: 'GD-DEAL-5' });
    expect(s.send({ type: 'DealCards', order: ['S2a'], salt: 'x', now: 0 })).toMatchObject({
      ok: false,
      rule: 'GD-DECK-1',
    });
  });

  it('GD-DEAL-1, DEC-GD-3: a turned joker must be cut and turned again', () => {
    const s = Scenario.create();
    expect(s.deal({ S: ['RJa'] }, { cutIndex: 0 })).toMatchObject({ ok: false, rule: 'GD-DEAL-1' });
    const derived = Scenario.create();
    derived.must({ type: 'DealCards', seed: 'cut-test', salt: 'x', now: 0 });
    const cut = derived.events.find((e) => e.type === 'FirstLeadCut');
    if (cut?.type !== 'FirstLeadCut') return expect.fail('no cut');
    expect(cut.data.card.startsWith('BJ') || cut.data.card.startsWith('RJ')).toBe(false);
  });

  it('GD-VAR-003-6: under cesa2023 a turned ♥2 is also cut again', () => {
    const s = Scenario.create(cesa2023);
    expect(s.deal({ S: ['H2a'] }, { cutIndex: 0 })).toMatchObject({ ok: false, rule: 'GD-DEAL-1' });
  });
});

describe('playing a trick (GD-PLAY-*)', () => {
  it('GD-PLAY-1: the leader must lead, he cannot pass', () => {
    expect(southLeads().send({ type: 'Pass', seat: 'S' })).toMatchObject({ ok: false, rule: 'GD-PLAY-1' });
  });

  it('GD-PEN-11, GD-SEAT-4: only the player on turn may play; turn goes S → E → N → W', () => {
    const s = southLeads();
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: [s.hand('E')[0] ?? 'RJa'] })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-11',
    });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(s.state.hand?.turn).toBe('E');
    expect(s.send({ type: 'Pass', seat: 'N' })).toMatchObject({ ok: false, rule: 'GD-PEN-12' });
  });

  it('GD-PLAY-4, GD-LEAD-6: after three passes the last player wins the trick and leads the next', () => {
    const s = southLeads();
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'Pass', seat: 'E' });
    s.must({ type: 'Pass', seat: 'N' });
    const events = s.must({ type: 'Pass', seat: 'W' });
    expect(events.at(-1)).toEqual({ type: 'TrickWon', data: { seat: 'S', nextLeader: 'S' } });
    expect(s.state.hand?.turn).toBe('S');
    expect(s.state.hand?.trick?.last).toBeNull();
  });

  it('GD-PLAY-2, GD-PLAY-3: a player may pass even when he could beat; passing does not end his part in the trick', () => {
    const s = southLeads();
    s.setHands({ E: ['SAa', 'SKb', 'D9a'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    s.must({ type: 'Pass', seat: 'E' });
    s.setHands({ N: ['S4b', 'D4a'] });
    s.must({ type: 'PlayCards', seat: 'N', cards: ['S4b'] });
    s.must({ type: 'Pass', seat: 'W' });
    s.must({ type: 'Pass', seat: 'S' });
    expect(s.state.hand?.turn).toBe('E');
    s.must({ type: 'PlayCards', seat: 'E', cards: ['SAa'] });
  });

  it('GD-CMP-2: a follow must be the same type and count and higher (or a bomb)', () => {
    const s = southLeads();
    s.setHands({ E: ['D8a', 'C8a', 'D2a', 'C9a'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S6a', 'S6b'] });
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['D8a'] })).toMatchObject({
      ok: false,
      rule: 'GD-CMP-2',
    });
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['D2a', 'C9a'] })).toMatchObject({
      ok: false,
      rule: 'GD-COMBO-11',
    });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['D8a', 'C8a'] });
  });

  it('GD-DECK-2: cards not in the hand, or the same card twice, are refused', () => {
    const s = southLeads();
    expect(s.send({ type: 'PlayCards', seat: 'S', cards: ['S3a', 'S3a'] })).toMatchObject({
      ok: false,
      rule: 'GD-DECK-2',
    });
    expect(s.send({ type: 'PlayCards', seat: 'S', cards: ['RJb'] })).toMatchObject({
      ok: false,
      rule: 'GD-DECK-2',
    });
  });
});

describe('declarations (GD-WILD-5, DEC-GD-4, DEC-GD-5)', () => {
  it('GD-WILD-5, GD-WILD-4 #2: KK66 + ♥2 undeclared is rejected; declared KKK+66 is accepted and recorded', () => {
    const s = southLeads();
    const cards = ['SKa', 'DKa', 'S6b', 'C6a', 'H2a'] as const;
    expect(s.send({ type: 'PlayCards', seat: 'S', cards })).toMatchObject({ ok: false, rule: 'GD-WILD-5' });
    const [played] = s.must({
      type: 'PlayCards',
      seat: 'S',
      cards,
      as: { type: 'fullHouse', rank: 'K', length: 5 },
    });
    expect(played).toMatchObject({
      type: 'CardsPlayed',
      data: { as: { type: 'fullHouse', rank: 'K' }, declared: true },
    });
  });

  it('GD-WILD-5: a declaration the cards cannot support is rejected', () => {
    const s = southLeads();
    expect(
      s.send({
        type: 'PlayCards',
        seat: 'S',
        cards: ['S6a', 'S6b'],
        as: { type: 'pair', rank: '3', length: 2 },
      }),
    ).toMatchObject({ ok: false, rule: 'GD-WILD-5' });
  });

  it('DEC-GD-5: when only one reading beats the play to beat, it is taken without a declaration', () => {
    const s = southLeads();
    s.setHands({ E: ['SAa', 'S9a', 'CTa', 'DJa', 'HQa', 'H2b'] });
    s.must({
      type: 'PlayCards',
      seat: 'S',
      cards: ['S3a', 'S4a', 'S5a', 'S6a', 'S7a'],
      as: { type: 'straight', rank: '7', length: 5 },
    });
    // 9TJQ + wildcard: 8-Q or 9-K; both beat 3-7, so it is ambiguous…
    expect(
      s.send({ type: 'PlayCards', seat: 'E', cards: ['S9a', 'CTa', 'DJa', 'HQa', 'H2b'] }),
    ).toMatchObject({
      ok: false,
      rule: 'GD-WILD-5',
    });
    // …but T J Q A + wildcard can only be T-A.
    const [played] = s.must({ type: 'PlayCards', seat: 'E', cards: ['SAa', 'CTa', 'DJa', 'HQa', 'H2b'] });
    expect(played).toMatchObject({ data: { as: { type: 'straight', rank: 'A' }, declared: false } });
  });

  it('DEC-GD-4, Q-SF: an undeclared same-suit run is a straight flush; declared, a plain straight', () => {
    const run = ['S3a', 'S4a', 'S5a', 'S6a', 'S7a'] as const;
    const [asFlush] = southLeads().must({ type: 'PlayCards', seat: 'S', cards: run });
    expect(asFlush).toMatchObject({ data: { as: { type: 'straightFlush', rank: '7', suit: 'S' } } });
    const [asStraight] = southLeads().must({
      type: 'PlayCards',
      seat: 'S',
      cards: run,
      as: { type: 'straight', rank: '7', length: 5 },
    });
    expect(asStraight).toMatchObject({ data: { as: { type: 'straight', rank: '7' } } });
  });
});

describe('going out, partner lead, reports, end of deal (GD-PLAY-7/8, GD-RPT-*, GD-END-*, GD-LVL-4)', () => {
  it('GD-PLAY-7, DEC-GD-9: first place goes out and nobody beats him: his partner leads (接风)', () => {
    const s = southLeads();
    s.setHands({ S: ['SAa'] });
    const events = s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    expect(events).toContainEqual({ type: 'PlayerFinished', data: { seat: 'S', place: 1 } });
    s.must({ type: 'Pass', seat: 'E' });
    s.must({ type: 'Pass', seat: 'N' });
    expect(s.must({ type: 'Pass', seat: 'W' }).at(-1)).toEqual({
      type: 'TrickWon',
      data: { seat: 'S', nextLeader: 'N' },
    });
    expect(s.state.hand?.turn).toBe('N');
  });

  it('GD-PLAY-5: players who have gone out are skipped in turn order', () => {
    const s = southLeads();
    s.setHands({ S: ['SAa'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    s.must({ type: 'Pass', seat: 'E' });
    s.must({ type: 'Pass', seat: 'N' });
    s.must({ type: 'Pass', seat: 'W' });
    s.must({ type: 'PlayCards', seat: 'N', cards: [s.hand('N')[0] ?? 'RJa'] });
    s.must({ type: 'Pass', seat: 'W' });
    expect(s.state.hand?.turn).toBe('E'); // S is out: W → E
  });

  it('GD-END-2, GD-END-3, GD-LVL-4: a double-down ends the deal at once (the losers are not ranked), +3 for the winners; the deck is revealed', () => {
    const s = southLeads();
    s.setHands({ S: ['SAa'], N: ['RJa'] });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    s.must({ type: 'Pass', seat: 'E' });
    const events = s.must({ type: 'PlayCards', seat: 'N', cards: ['RJa'] });
    expect(types(events)).toEqual(['CardsPlayed', 'PlayerFinished', 'HandEnded', 'DeckRevealed']);
    expect(events[2]).toMatchObject({
      data: {
        places: ['S', 'N'],
        doubleDown: true,
        winningTeam: 'NS',
        levelUp: 3,
        levelsAfter: { NS: 3, EW: 0 },
      },
    });
    expect(s.state.status).toBe('betweenHands');
  });

  it('GD-LVL-4, GD-VAR-004-15, GD-PLAY-6, GD-PLAY-8, GD-END-4, GD-SCORE-1: partner third gives +2, partner last +1; the deal runs until three are out; both levels are recorded (GD-END-1 places)', () => {
    const plus2 = southLeads();
    plus2.setHands({ S: ['SAa'], E: ['RJa'], N: ['BJa'], W: ['S3b', 'S4b'] });
    plus2.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    plus2.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    plus2.must({ type: 'Pass', seat: 'N' });
    plus2.must({ type: 'Pass', seat: 'W' }); // E is out: his partner W leads (DEC-GD-9)
    plus2.must({ type: 'PlayCards', seat: 'W', cards: ['S3b'] });
    const ended = plus2.must({ type: 'PlayCards', seat: 'N', cards: ['BJa'] });
    expect(ended.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { places: ['S', 'E', 'N', 'W'], levelUp: 2, levelsAfter: { NS: 2, EW: 0 } },
    });

    const plus1 = southLeads();
    plus1.setHands({ S: ['SAa'], E: ['RJa'], W: ['BJa'], N: ['S3b', 'S4b'] });
    plus1.must({ type: 'PlayCards', seat: 'S', cards: ['SAa'] });
    plus1.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    plus1.must({ type: 'Pass', seat: 'N' });
    const done = plus1.must({ type: 'Pass', seat: 'W' });
    expect(done.at(-1)).toMatchObject({ type: 'TrickWon', data: { nextLeader: 'W' } });
    const ended1 = plus1.must({ type: 'PlayCards', seat: 'W', cards: ['BJa'] });
    expect(ended1.find((e) => e.type === 'HandEnded')).toMatchObject({
      data: { places: ['S', 'E', 'W', 'N'], levelUp: 1, levelsAfter: { NS: 1, EW: 0 } },
    });
  });

  it('GD-RPT-1, GD-RPT-4: the table announces the count once when it first drops to 10 or fewer', () => {
    const s = southLeads();
    s.setHands({ S: ['S3a', 'S4a', 'S5a', 'S6a', 'S7a', 'S8a', 'S9a', 'STa', 'SJa', 'SQa', 'SKa'] });
    expect(s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] })).toContainEqual({
      type: 'CardsReported',
      data: { seat: 'S', count: 10 },
    });
    s.must({ type: 'Pass', seat: 'E' });
    s.must({ type: 'Pass', seat: 'N' });
    s.must({ type: 'Pass', seat: 'W' });
    expect(types(s.must({ type: 'PlayCards', seat: 'S', cards: ['S4a'] }))).toEqual(['CardsPlayed']);
  });

  it('GD-VAR-004-1: under house004 the report comes at 7 cards', () => {
    const s = Scenario.create(house004);
    s.deal({ S: ['S3a'] }, { cutIndex: 0 });
    s.setHands({ S: ['S3a', 'S4a', 'S5a', 'S6a', 'S7a', 'S8a', 'S9a', 'STa'] });
    expect(s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] })).toContainEqual({
      type: 'CardsReported',
      data: { seat: 'S', count: 7 },
    });
  });
});
