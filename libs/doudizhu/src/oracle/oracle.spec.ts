import { describe, expect, it } from 'vitest';
import { initialDoudizhuState } from '../engine/state';
import { TestTable, orderFor } from '../engine/test-table';
import { playRandomBoards } from '../sim/playout';
import { cardsOf } from '../testing/cards-of';
import { answerDoudizhuOracleLine } from './oracle';

const ask = (request: unknown): Record<string, unknown> => answerDoudizhuOracleLine(JSON.stringify(request));

describe('the Dou Dizhu rules oracle', () => {
  it('classify answers every reading and echoes the id', () => {
    expect(ask({ id: 7, op: 'classify', cards: ['S3', 'H3', 'C3', 'S4', 'H4', 'C4', 'D5', 'S5'] })).toEqual({
      id: 7,
      ok: true,
      readings: [{ type: 'airplaneWithSingles', rank: '4', length: 8 }],
    });
    expect(ask({ op: 'classify', cards: ['BJ', 'RJ'] })).toEqual({
      ok: true,
      readings: [{ type: 'rocket', length: 2 }],
    });
    expect(ask({ op: 'classify', cards: ['S3', 'H4'] })).toEqual({ ok: true, readings: [] });
  });

  it('beats reads undeclared plays and checks declared ones', () => {
    expect(
      ask({ op: 'beats', play: { cards: ['S4', 'H4', 'C4', 'D4'] }, current: { cards: ['S2'] } }),
    ).toEqual({
      ok: true,
      beats: true,
    });
    expect(
      ask({
        op: 'beats',
        play: { cards: ['S5'], as: { type: 'single', rank: '5', length: 1 } },
        current: { cards: ['S2'], as: { type: 'single', rank: '2', length: 1 } },
      }),
    ).toEqual({ ok: true, beats: false });
    expect(
      ask({
        op: 'beats',
        play: { cards: ['S5'], as: { type: 'pair', rank: '5', length: 2 } },
        current: { cards: ['S3'] },
      }),
    ).toEqual({
      ok: false,
      rule: 'DDZ-COMBO-12',
      message: 'play: S5 cannot be read as {"type":"pair","rank":"5","length":2}',
    });
    expect(ask({ op: 'beats', play: { cards: ['S5', 'H6'] }, current: { cards: ['S3'] } })).toEqual({
      ok: false,
      rule: 'DDZ-COMBO-12',
      message: 'play: S5 H6 is not a combination',
    });
  });

  it('legalPlays takes a reading or played cards to beat, or null to lead', () => {
    const byReading = ask({
      op: 'legalPlays',
      hand: ['S3', 'H3', 'S9', 'BJ', 'RJ'],
      toBeat: { type: 'single', rank: '2', length: 1 },
    });
    expect(byReading).toEqual({
      ok: true,
      plays: [
        { cards: ['BJ'], as: { type: 'single', rank: 'BJ', length: 1 } },
        { cards: ['RJ'], as: { type: 'single', rank: 'RJ', length: 1 } },
        { cards: ['BJ', 'RJ'], as: { type: 'rocket', length: 2 } },
      ],
    });
    expect(
      ask({ op: 'legalPlays', hand: ['S3', 'H3', 'S9', 'BJ', 'RJ'], toBeat: { cards: ['D2'] } }),
    ).toEqual(byReading);
    const lead = ask({ op: 'legalPlays', hand: ['S3', 'H3'], toBeat: null });
    expect(lead).toEqual({
      ok: true,
      plays: [
        { cards: ['S3'], as: { type: 'single', rank: '3', length: 1 } },
        { cards: ['S3', 'H3'], as: { type: 'pair', rank: '3', length: 2 } },
      ],
    });
    expect(
      ask({ op: 'legalPlays', hand: ['S3'], toBeat: { type: 'straight', rank: '5', length: 5 } }),
    ).toEqual({
      ok: false,
      rule: 'DDZ-COMBO-12',
      message: 'toBeat: a straight of 5 cards cannot end at 5',
    });
  });

  it('score answers DDZ-T1 and names the rule of an impossible board', () => {
    const t1 = {
      op: 'score',
      bid: 3,
      doubled: [true, false],
      redoubled: true,
      bombs: 1,
      rockets: 1,
      spring: false,
      antiSpring: true,
      winner: 'defenders',
    };
    expect(ask(t1)).toEqual({ ok: true, defenders: [96, 24], landlord: -120 });
    expect(ask({ ...t1, winner: 'landlord' })).toMatchObject({ ok: false, rule: 'DDZ-END-3' });
    expect(ask({ ...t1, doubled: [false, false] })).toMatchObject({ ok: false, rule: 'DDZ-DBL-2' });
    expect(ask({ ...t1, bid: 0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^bid: /) as unknown,
    });
  });

  it('a malformed line gets a clear error naming the field', () => {
    expect(answerDoudizhuOracleLine('{')).toEqual({ ok: false, error: 'not valid JSON' });
    expect(ask({ id: 'x', op: 'classify', cards: ['S1'] })).toMatchObject({
      id: 'x',
      ok: false,
      error: expect.stringMatching(/^cards\.0: /) as unknown,
    });
    expect(ask({ op: 'fly' })).toMatchObject({ ok: false, error: expect.stringMatching(/^op: /) as unknown });
    expect(ask({ op: 'classify', cards: ['S3', 'S3'] })).toEqual({
      ok: false,
      rule: 'DDZ-DEAL-1',
      message: 'cards: S3 appears twice; the one deck holds each card once',
    });
    // Different types and lengths never compare (DDZ-CMP-4/5): an answer, not an error.
    expect(
      ask({
        op: 'beats',
        play: { cards: ['S3', 'H3', 'C3', 'S4', 'H4', 'C4', 'D5', 'S5'] },
        current: { cards: ['D3'] },
      }),
    ).toEqual({ ok: true, beats: false });
  });

  it('replay re-decides a recorded match, sent as JSON, and answers its final state', () => {
    const match = playRandomBoards({ seed: 'oracle', boards: 3 });
    if (!match.ok) throw new Error(match.violation.message);
    const events: unknown = JSON.parse(JSON.stringify(match.events));
    expect(ask({ id: 'r', op: 'replay', events })).toEqual({ id: 'r', ok: true, state: match.state });
    expect(ask({ op: 'replay', events: [] })).toEqual({ ok: true, state: initialDoudizhuState() });
  });

  it('replay names the rule and the index of the first event that breaks it', () => {
    const match = playRandomBoards({ seed: 'oracle', boards: 1 });
    if (!match.ok) throw new Error(match.violation.message);
    const log = match.events;
    const index = log.findIndex((e) => e.type === 'CardsPlayed' && e.data.cards.length === 1);
    const play = log[index];
    const dealt = log.find((e) => e.type === 'CardsDealt');
    if (play?.type !== 'CardsPlayed' || dealt?.type !== 'CardsDealt') throw new Error('no play');
    const stranger = dealt.data.hands[(play.data.seat + 1) % 3]?.[0];
    const tampered = log.map((e, k) =>
      k === index && e.type === 'CardsPlayed' ? { ...e, data: { ...e.data, cards: [stranger] } } : e,
    );
    expect(ask({ op: 'replay', events: tampered })).toEqual({
      ok: false,
      rule: 'DDZ-GEN-2',
      message: `cards: ${String(stranger)} is not in the player's hand`,
      messageZh: `所出的牌 ${String(stranger)} 不在手中`,
      index,
    });
  });

  it('replay refuses an illegal follow with its rule, and an event the engine would not record', () => {
    const table = new TestTable();
    table.deal(orderFor([cardsOf('5 5 6 7 8 9 T J Q K A 2 2 BJ 3 3 3'), ['C4', 'D4'], []]));
    table.toPlay(0);
    table.must({ type: 'PlayCards', seat: 0, cards: ['S5', 'H5'] });
    const log = [...table.events];
    const lower = {
      type: 'CardsPlayed',
      data: {
        seat: 1,
        cards: ['C4', 'D4'],
        as: { type: 'pair', rank: '4', length: 2 },
        lead: false,
        timedOut: false,
      },
    };
    expect(ask({ op: 'replay', events: [...log, lower] })).toMatchObject({
      ok: false,
      rule: 'DDZ-CMP-6',
      index: log.length,
    });
    const trickWon = { type: 'TrickWon', data: { seat: 0 } };
    expect(ask({ op: 'replay', events: [...log, trickWon] })).toMatchObject({
      ok: false,
      rule: 'DDZ-GEN-2',
      index: log.length,
    });
  });

  it('replay names the field of a malformed event', () => {
    const events = [{ type: 'Passed', data: { seat: 4, timedOut: false } }];
    expect(ask({ op: 'replay', events })).toEqual({
      ok: false,
      error: expect.stringMatching(/^events\.0\.data\.seat: expected a seat/) as unknown,
    });
  });
});
