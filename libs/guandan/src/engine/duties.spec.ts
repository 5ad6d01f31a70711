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
