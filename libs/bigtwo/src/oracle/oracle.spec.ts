import { describe, expect, it } from 'vitest';
import { playRandomB2Boards } from '../sim/playout';
import { answerBigTwoOracleLine } from './oracle';

const ask = (request: unknown): Record<string, unknown> => answerBigTwoOracleLine(JSON.stringify(request));

describe('the Big Two rules oracle', () => {
  it('classify: a set of cards reads one way, or null when it is no combination (B2-COMBO-9)', () => {
    expect(ask({ id: 1, op: 'classify', cards: ['SA', 'S2', 'S3', 'S4', 'S5'] })).toEqual({
      id: 1,
      ok: true,
      reading: { type: 'straightFlush', rank: '2', suit: 'S', length: 5 },
    });
    expect(ask({ op: 'classify', cards: ['D5', 'C5', 'D6', 'C6'] })).toEqual({ ok: true, reading: null });
  });

  it('classify under straightKey b: A2345 is keyed by its 5 (B2-CMP-4 reading (b))', () => {
    expect(
      ask({ op: 'classify', cards: ['HA', 'S2', 'S3', 'S4', 'D5'], rules: { straightKey: 'b' } }),
    ).toEqual({
      ok: true,
      reading: { type: 'straight', rank: '5', suit: 'D', length: 5 },
    });
  });

  it('B2-DEAL-1: a joker or a card twice is refused, naming the field', () => {
    const joker = ask({ op: 'classify', cards: ['BJ'] });
    expect(joker.ok).toBe(false);
    expect(joker.error).toMatch(/^cards\.0: /);
    expect(ask({ op: 'classify', cards: ['S3', 'S3'] })).toEqual({
      ok: false,
      rule: 'B2-DEAL-1',
      message: 'cards: S3 appears twice; the one deck holds each card once',
    });
  });

  it('beats: by cards or by reading; cards that are no combination name B2-COMBO-9', () => {
    expect(ask({ op: 'beats', play: { cards: ['S9', 'H9'] }, toBeat: { cards: ['C9', 'D9'] } })).toEqual({
      ok: true,
      beats: true,
    });
    expect(
      ask({
        op: 'beats',
        play: { cards: ['D3', 'D4', 'D5', 'D6', 'D7'] },
        toBeat: { type: 'fourOfAKind', rank: '2', length: 5 },
      }),
    ).toEqual({ ok: true, beats: true });
    expect(ask({ op: 'beats', play: { cards: ['S9', 'H8'] }, toBeat: { cards: ['C3'] } })).toEqual({
      ok: false,
      rule: 'B2-COMBO-9',
      message: 'play: S9 H8 is not a combination',
    });
  });

  it('beats: a stated reading that cannot exist is refused (B2-COMBO-9)', () => {
    expect(
      ask({ op: 'beats', play: { cards: ['S9'] }, toBeat: { type: 'pair', rank: '9', length: 2 } }),
    ).toEqual({
      ok: false,
      rule: 'B2-COMBO-9',
      message: 'toBeat: a pair names the suit of its key card',
    });
    const badStraight = ask({
      op: 'beats',
      play: { cards: ['S9'] },
      toBeat: { type: 'straight', rank: '3', suit: 'S', length: 5 },
    });
    expect(badStraight.rule).toBe('B2-COMBO-9');
    expect(
      ask({ op: 'beats', play: { cards: ['S9'] }, toBeat: { type: 'triple', rank: '9', length: 5 } }).message,
    ).toBe('toBeat: a triple has 3 cards, not 5');
  });

  it('legalPlays: every set of cards once, as {cards, reading}', () => {
    const answer = ask({ op: 'legalPlays', hand: ['S9', 'H9', 'D2'], toBeat: { cards: ['C9'] } });
    expect(answer).toEqual({
      ok: true,
      plays: [
        { cards: ['H9'], reading: { type: 'single', rank: '9', suit: 'H', length: 1 } },
        { cards: ['S9'], reading: { type: 'single', rank: '9', suit: 'S', length: 1 } },
        { cards: ['D2'], reading: { type: 'single', rank: '2', suit: 'D', length: 1 } },
      ],
    });
    const lead = ask({ op: 'legalPlays', hand: ['S9', 'H9', 'D2'], toBeat: null });
    expect((lead.plays as unknown[]).length).toBe(4);
  });

  it('score: B2-T1 from the source comes out exactly', () => {
    expect(
      ask({
        op: 'score',
        players: [
          { left: 5, showed: false, doubled: true },
          { left: 8, showed: false, doubled: false },
          { left: 0, showed: false, doubled: false },
          { left: 12, showed: false, doubled: true },
        ],
      }),
    ).toEqual({ ok: true, cardPoints: [5, 16, 0, 36], scores: [136, 2, 98, -236] });
  });

  it('score: bad input names the field', () => {
    const three = ask({ op: 'score', players: [{ left: 1, showed: false, doubled: false }] });
    expect(three.error).toMatch(/^players: /);
    const tooMany = ask({
      op: 'score',
      players: Array.from({ length: 4 }, (_, i) => ({
        left: i === 2 ? 14 : 1,
        showed: false,
        doubled: false,
      })),
    });
    expect(tooMany.error).toMatch(/^players\.2\.left: /);
  });

  it('malformed lines get an error, with the id echoed when there is one', () => {
    expect(answerBigTwoOracleLine('not json')).toEqual({ ok: false, error: 'not valid JSON' });
    expect(ask({ id: 'q', op: 'shuffle' })).toMatchObject({ id: 'q', ok: false });
  });

  it('replay: a stream the engine wrote passes; a play changed to another card is refused with its rule and index', () => {
    const match = playRandomB2Boards({ seed: 'oracle-replay', boards: 1 });
    if (!match.ok) throw new Error(`playout refused: ${match.violation.rule}`);
    const passed = ask({ op: 'replay', events: match.events });
    expect(passed.ok).toBe(true);
    expect(passed.state).toEqual(JSON.parse(JSON.stringify(match.state)));

    const at = match.events.findIndex((e) => e.type === 'CardsPlayed');
    const forged = structuredClone(match.events) as unknown as { type: string; data: { cards: string[] } }[];
    const play = forged[at];
    if (play === undefined) throw new Error('no play in the stream');
    // The first play must hold ♦3 (B2-PLAY-1); the ♠2 in its place is never the same play.
    play.data.cards = play.data.cards.map((card) => (card === 'D3' ? 'S2' : card));
    const refused = ask({ op: 'replay', events: forged });
    expect(refused.ok).toBe(false);
    expect(refused.index).toBe(at);
    expect(refused.rule).toMatch(/^B2-/);
  });

  it('replay: a malformed event is an error naming its path', () => {
    const answer = ask({ op: 'replay', events: [{ type: 'CardsPlayed', data: {} }] });
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(/^events\.0/);
  });
});
