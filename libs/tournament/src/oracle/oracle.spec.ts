import { describe, expect, it } from 'vitest';
import { answerTournamentOracleLine } from './oracle';

const ask = (request: unknown): Record<string, unknown> =>
  answerTournamentOracleLine(JSON.stringify(request));

describe('the tournament oracle (docs/tournament-oracle.md)', () => {
  it('TRN-RR-5: schedule answers the 000 附录八 fixed-rotation table, 0 = bye', () => {
    const answer = ask({ id: 'q1', op: 'schedule', method: 'fixedRotation', pairs: 7 });
    expect(answer.id).toBe('q1');
    expect(answer.ok).toBe(true);
    expect((answer.rounds as unknown[])[1]).toEqual([
      [1, 7],
      [0, 6],
      [2, 5],
      [3, 4],
    ]);
  });

  it('TRN-SWISS-1: swissPair pairs by score, never a rematch, and echoes ids as given', () => {
    const answer = ask({
      op: 'swissPair',
      round: 2,
      entrants: [
        { id: 1, score: 2 },
        { id: 2, score: 2 },
        { id: 3, score: 0 },
        { id: 'four', score: 0 },
        { id: 5, score: '1.5' },
      ],
      history: [
        [1, 3],
        [2, 'four'],
      ],
    });
    expect(answer).toEqual({
      ok: true,
      pairs: [
        [1, 2],
        [5, 3],
      ],
      bye: 'four',
      relaxed: [],
    });
  });

  it('a malformed line gets an error naming the field', () => {
    expect(answerTournamentOracleLine('{')).toEqual({ ok: false, error: 'not valid JSON' });
    expect(ask([1])).toMatchObject({ ok: false, error: expect.stringMatching(/^\(request\)/) as unknown });
    expect(ask({ id: 7 })).toMatchObject({
      id: 7,
      ok: false,
      error: expect.stringMatching(/^op:/) as unknown,
    });
    expect(ask({ op: 'toString' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^op: unknown op/) as unknown,
    });
    expect(ask({ op: 'schedule', method: 'berger', pairs: 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^pairs:/) as unknown,
    });
    expect(ask({ op: 'schedule', method: 'swiss', pairs: 8 })).toMatchObject({
      error: expect.stringMatching(/^method:/) as unknown,
    });
    expect(
      ask({
        op: 'swissPair',
        round: 2,
        entrants: [
          { id: 1, score: 0 },
          { id: '1', score: 0 },
        ],
        history: [],
      }),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/^entrants\.1\.id:/) as unknown });
    expect(
      ask({
        op: 'swissPair',
        round: 2,
        entrants: [
          { id: 1, score: 0 },
          { id: 2, score: 0 },
        ],
        history: [[1]],
      }),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/^history\.0/) as unknown });
  });

  it('TRN-SWISS-1: swissPair refuses, naming the rule, when every pairing would be a rematch', () => {
    expect(
      ask({
        op: 'swissPair',
        round: 2,
        entrants: [
          { id: 'a', score: 2 },
          { id: 'b', score: 0 },
        ],
        history: [['a', 'b']],
      }),
    ).toMatchObject({ ok: false, rule: 'TRN-SWISS-1' });
  });
});
