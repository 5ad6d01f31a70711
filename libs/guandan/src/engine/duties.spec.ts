import { describe, expect, it } from 'vitest';
import { Scenario } from '../testing/scenario';
import { decide } from './decide';
import { replay } from './replay';

/**
 * Duties that a ruling puts on later plays (GD-TRIB-9, GD-PEN-9 leader, GD-PEN-11): the referee
 * keys the ruling, the event records the duty, and the decider rejects a play that breaks it.
 */
function eastShowsBigJoker(): Scenario {
  const s = Scenario.create();
  s.deal(
    { S: ['S3a', 'S4a', 'D9a', 'C9a'], E: ['RJa', 'S5a', 'D5a', 'STa', 'DTa'], N: ['SAa'] },
    { cutIndex: 0 },
  );
  return s;
}

describe('GD-TRIB-9: a non-tributer who showed his highest card plays it in his first single', () => {
  it('GD-TRIB-9: the referee records the shown card; the event names the duty', () => {
    const s = eastShowsBigJoker();
    expect(s.must({ type: 'RecordShownCard', seat: 'E', card: 'RJa', refereeId: 'ref' })).toEqual([
      {
        type: 'PlayDutyImposed',
        data: {
          seat: 'E',
          rule: 'GD-TRIB-9',
          duty: { kind: 'playCardFirst', card: 'RJa' },
          refereeId: 'ref',
        },
      },
    ]);
    expect(s.state.hand?.duties).toEqual([
      { seat: 'E', rule: 'GD-TRIB-9', duty: { kind: 'playCardFirst', card: 'RJa' }, waiting: false },
    ]);
  });

  it('GD-TRIB-9: a card that is not his highest, not in his hand, or no referee is refused, naming the field', () => {
    const s = eastShowsBigJoker();
    expect(s.send({ type: 'RecordShownCard', seat: 'E', card: 'S5a', refereeId: 'ref' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-9',
      message: "card: S5a is not E's highest card",
    });
    expect(s.send({ type: 'RecordShownCard', seat: 'E', card: 'S3a', refereeId: 'ref' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-9',
      message: "card: S3a is not in E's hand",
    });
    expect(s.send({ type: 'RecordShownCard', seat: 'E', card: 'RJa', refereeId: '' })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-7',
    });
  });

  it('GD-TRIB-9: a player who owes tribute is not under this rule (his highest card is his tribute)', () => {
    const s = Scenario.create().after(
      { places: ['S', 'E', 'N', 'W'], doubleDown: false, winningTeam: 'NS', foulBy: null },
      { NS: 2, EW: 0 },
    );
    s.deal({ W: ['RJa', 'SAa'], E: ['RJb', 'SAb'] });
    expect(s.send({ type: 'RecordShownCard', seat: 'W', card: 'RJa', refereeId: 'ref' })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-9',
    });
    // E owes nothing: his shown big joker is recorded during the tribute phase.
    expect(s.must({ type: 'RecordShownCard', seat: 'E', card: 'RJb', refereeId: 'ref' })).toHaveLength(1);
  });

  it('GD-TRIB-9: his first single without the shown card is refused; with it the duty is spent', () => {
    const s = eastShowsBigJoker();
    s.must({ type: 'RecordShownCard', seat: 'E', card: 'RJa', refereeId: 'ref' });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    const before = s.state;
    const refused = s.send({ type: 'PlayCards', seat: 'E', cards: ['S5a'] });
    expect(refused).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-9',
      message: 'E showed RJ: his first single must be that card',
      messageZh: '东家亮出过最大的牌 RJ，第一次出单张必须出这张牌',
    });
    expect(s.state).toBe(before);
    s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    expect(s.state.hand?.duties).toEqual([]);
    expect(replay(s.events)).toMatchObject({ ok: true, state: s.state });
  });

  it('GD-TRIB-9: a non-single play before any single may leave the card out; the duty then waits for his first single', () => {
    const s = eastShowsBigJoker();
    s.must({ type: 'RecordShownCard', seat: 'E', card: 'RJa', refereeId: 'ref' });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['D9a', 'C9a'] });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['STa', 'DTa'] });
    expect(s.state.hand?.duties).toHaveLength(1);
    for (const seat of ['N', 'W', 'S'] as const) s.must({ type: 'Pass', seat });
    expect(s.state.hand?.turn).toBe('E');
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['S5a'] })).toMatchObject({
      ok: false,
      rule: 'GD-TRIB-9',
    });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['S5a', 'D5a'] });
    expect(s.state.hand?.duties).toHaveLength(1);
    expect(replay(s.events)).toMatchObject({ ok: true, state: s.state });
  });

  it('GD-TRIB-9: a stream folded before duties existed (no duties field) still plays, with no duty', () => {
    const s = eastShowsBigJoker();
    const hand = s.state.hand;
    if (hand === null) throw new Error('no hand');
    const { duties: _dropped, ...legacy } = hand;
    expect(_dropped).toEqual([]);
    const decision = decide({ type: 'PlayCards', seat: 'S', cards: ['S3a'] }, { ...s.state, hand: legacy });
    expect(decision).toMatchObject({ ok: true });
  });
});

describe('GD-PEN-9 (leader): the 上家 chooses the type the offender must lead', () => {
  // S leads; his wrong lead S3a S4a D9a C9a is taken back, and W (his 上家) chooses the pair.
  function southLeadsWrongly(): Scenario {
    const s = Scenario.create();
    s.deal({ S: ['S3a', 'S4a', 'D9a', 'C9a', 'H9a'], E: ['S5a', 'D5a'] }, { cutIndex: 0 });
    expect(s.state.hand?.turn).toBe('S');
    return s;
  }

  it('GD-PEN-9: the referee keys the taken-back cards and the chosen type; the event records the duty', () => {
    const s = southLeadsWrongly();
    const ruling = {
      type: 'RuleWrongLead',
      seat: 'S',
      cards: ['S3a', 'S4a', 'D9a', 'C9a'],
      leadType: 'pair',
      refereeId: 'ref',
    } as const;
    expect(s.must(ruling)).toEqual([
      {
        type: 'PlayDutyImposed',
        data: {
          seat: 'S',
          rule: 'GD-PEN-9',
          duty: { kind: 'leadType', type: 'pair', cards: ['S3a', 'S4a', 'D9a', 'C9a'] },
          refereeId: 'ref',
        },
      },
    ]);
    expect(s.state.hand?.turn).toBe('S');
  });

  it('GD-PEN-9: a lead of another type is refused in both languages; the chosen type is accepted and spends the duty', () => {
    const s = southLeadsWrongly();
    s.must({
      type: 'RuleWrongLead',
      seat: 'S',
      cards: ['S3a', 'D9a', 'C9a'],
      leadType: 'pair',
      refereeId: 'ref',
    });
    expect(s.send({ type: 'PlayCards', seat: 'S', cards: ['S3a'] })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-9',
      message: 'S must lead a pair, the type chosen by his left-hand opponent',
      messageZh: '南家须按上家所选的牌型出牌：对子',
    });
    expect(s.send({ type: 'PlayCards', seat: 'S', cards: ['D9a', 'C9a', 'H9a'] })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-9',
    });
    // Any pair will do (the type is chosen, not the cards), as the rule says.
    s.must({ type: 'PlayCards', seat: 'S', cards: ['C9a', 'H9a'] });
    expect(s.state.hand?.duties).toEqual([]);
    expect(replay(s.events)).toMatchObject({ ok: true, state: s.state });
  });

  it('GD-PEN-9: refused when the seat is not leading, the cards are not his, or the type is not in them', () => {
    const s = southLeadsWrongly();
    const notLeading = s.send({
      type: 'RuleWrongLead',
      seat: 'E',
      cards: ['S5a'],
      leadType: 'single',
      refereeId: 'ref',
    });
    expect(notLeading).toMatchObject({ ok: false, rule: 'GD-PEN-9' });
    expect(notLeading.ok ? '' : notLeading.message).toMatch(/^seat: E is not leading/);
    const notHis = s.send({
      type: 'RuleWrongLead',
      seat: 'S',
      cards: ['S5a'],
      leadType: 'single',
      refereeId: 'ref',
    });
    expect(notHis).toMatchObject({ ok: false, rule: 'GD-PEN-9' });
    expect(notHis.ok ? '' : notHis.message).toMatch(/^cards: /);
    expect(
      s.send({ type: 'RuleWrongLead', seat: 'S', cards: ['S3a', 'S4a'], leadType: 'pair', refereeId: 'ref' }),
    ).toMatchObject({
      ok: false,
      rule: 'GD-PEN-9',
      message: 'leadType: those cards contain no pair; W must choose a type they contain',
      messageZh: '所收回的牌中没有对子，西家须从中选一种牌型',
    });
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    expect(
      s.send({ type: 'RuleWrongLead', seat: 'E', cards: ['S5a'], leadType: 'single', refereeId: 'ref' }),
    ).toMatchObject({ ok: false, rule: 'GD-PEN-9' });
  });
});

describe('GD-PEN-11: the partner of an out-of-turn player may not lead that type in the next trick', () => {
  // S leads a single; W plays a pair out of turn before E acts. E (W's partner) wins the trick.
  function westPlaysOutOfTurn(): Scenario {
    const s = Scenario.create();
    s.deal(
      { S: ['S3a', 'S4a', 'D9a', 'C9a'], E: ['RJa', 'S5a', 'D5a', 'S6a'], N: ['SAa'], W: ['C7a', 'D7a'] },
      { cutIndex: 0 },
    );
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    return s;
  }

  it('GD-PEN-11: the ruling names the type; the partner’s duty is recorded and waits for the trick in progress to end', () => {
    const s = westPlaysOutOfTurn();
    expect(
      s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'W', playedType: 'pair', refereeId: 'ref' }),
    ).toEqual([
      {
        type: 'PenaltyIssued',
        data: { seat: 'W', sanction: 'turnLost', rule: 'GD-PEN-11', refereeId: 'ref', note: '' },
      },
      {
        type: 'PlayDutyImposed',
        data: { seat: 'E', rule: 'GD-PEN-11', duty: { kind: 'notLeadType', type: 'pair' }, refereeId: 'ref' },
      },
    ]);
    expect(s.state.hand?.duties).toMatchObject([{ seat: 'E', waiting: true }]);
  });

  it('GD-PEN-11: the partner who wins the lead of the next trick cannot lead that type; another type is accepted and spends the ban', () => {
    const s = westPlaysOutOfTurn();
    s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'W', playedType: 'pair', refereeId: 'ref' });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    s.must({ type: 'Pass', seat: 'N' }); // W is passed over once (his turn lost), then S passes
    s.must({ type: 'Pass', seat: 'S' });
    expect(s.state.hand).toMatchObject({ turn: 'E', duties: [{ seat: 'E', waiting: false }] });
    const before = s.state;
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['S5a', 'D5a'] })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-11',
      message: 'E may not lead a pair: his partner played it out of turn; lead another type',
      messageZh: '东家的同伴越序出过对子，本圈领出不得出此牌型，须改出其他牌型',
    });
    expect(s.state).toBe(before);
    s.must({ type: 'PlayCards', seat: 'E', cards: ['S6a'] });
    expect(s.state.hand?.duties).toEqual([]);
    expect(replay(s.events)).toMatchObject({ ok: true, state: s.state });
  });

  it('GD-PEN-11: the ban does not bind the trick in progress, and is spent when someone else leads the next trick', () => {
    const s = westPlaysOutOfTurn();
    s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'W', playedType: 'single', refereeId: 'ref' });
    // In the trick in progress E still follows with a single.
    s.must({ type: 'PlayCards', seat: 'E', cards: ['S5a'] });
    s.must({ type: 'PlayCards', seat: 'N', cards: ['SAa'] });
    s.must({ type: 'Pass', seat: 'S' });
    s.must({ type: 'Pass', seat: 'E' });
    expect(s.state.hand?.turn).toBe('N');
    s.must({ type: 'PlayCards', seat: 'N', cards: [s.hand('N')[0] ?? 'SAa'] });
    expect(s.state.hand?.duties).toEqual([]);
    expect(replay(s.events)).toMatchObject({ ok: true });
  });

  it('GD-PEN-11: without a named type no ban is recorded', () => {
    const s = westPlaysOutOfTurn();
    expect(s.must({ type: 'PenalizeOutOfTurnPlay', seat: 'W', refereeId: 'ref' })).toHaveLength(1);
    expect(s.state.hand?.duties).toEqual([]);
  });
});

describe('GD-PEN-9 (afterwards): the partner may not lead the main exposed type in the next trick', () => {
  it('GD-PEN-9: the referee bans the exposed type; the partner who wins the next lead cannot lead it, and replay agrees', () => {
    const s = Scenario.create();
    s.deal(
      { S: ['S3a', 'S4a', 'D9a', 'C9a'], E: ['RJa', 'S5a', 'D5a', 'S6a'], N: ['SAa'], W: ['C7a', 'D7a'] },
      { cutIndex: 0 },
    );
    s.must({ type: 'PlayCards', seat: 'S', cards: ['S3a'] });
    // W exposed a pair with a wrong play; the ban falls on his partner E.
    expect(s.must({ type: 'BanExposedType', seat: 'W', exposedType: 'pair', refereeId: 'ref' })).toEqual([
      {
        type: 'PlayDutyImposed',
        data: { seat: 'E', rule: 'GD-PEN-9', duty: { kind: 'notLeadType', type: 'pair' }, refereeId: 'ref' },
      },
    ]);
    s.must({ type: 'PlayCards', seat: 'E', cards: ['RJa'] });
    for (const seat of ['N', 'W', 'S'] as const) s.must({ type: 'Pass', seat });
    expect(s.send({ type: 'PlayCards', seat: 'E', cards: ['S5a', 'D5a'] })).toMatchObject({
      ok: false,
      rule: 'GD-PEN-9',
      message: 'E may not lead a pair: his partner exposed it in a wrong play; lead another type',
      messageZh: '东家的同伴出错牌暴露过对子，本圈领出不得出此牌型，须改出其他牌型',
    });
    s.must({ type: 'PlayCards', seat: 'E', cards: ['S6a'] });
    expect(replay(s.events)).toMatchObject({ ok: true, state: s.state });
  });
});
