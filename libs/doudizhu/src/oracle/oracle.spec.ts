import { describe, expect, it } from 'vitest';
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

  it('replay says plainly that it is not yet supported', () => {
    expect(ask({ op: 'replay', events: [] })).toEqual({
      ok: false,
      error: 'replay: not yet supported; the Dou Dizhu engine has not landed in this version',
    });
  });
});
