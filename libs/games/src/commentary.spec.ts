import { describe, expect, it } from 'vitest';
import { commentaryExtras } from './commentary';
import { gameModule } from './registry';

const bomb = { type: 'bomb', rank: '6', length: 4 };

describe('commentary extras', () => {
  it('count only the plays still in effect: a bomb retracted by a confirmed keying correction is not a bomb', () => {
    const events = [
      { revision: 0, type: 'HandStarted', data: { handNumber: 1, level: '2', levelTeam: null } },
      {
        revision: 1,
        type: 'CardsPlayed',
        data: { seat: 'E', cards: ['H6a', 'S6a', 'C6a', 'D6a'], as: bomb },
      },
      { revision: 2, type: 'CorrectionRequested', data: {} },
      { revision: 3, type: 'CorrectionConfirmed', data: { retracted: { from: 1, to: 1 } } },
      {
        revision: 4,
        type: 'CardsPlayed',
        data: { seat: 'W', cards: ['H7a', 'S7a', 'C7a', 'D7a'], as: bomb },
      },
    ];
    const extras = commentaryExtras('guandan', gameModule('guandan').initialState(), events) as {
      stats: Record<string, { bombs: number }>;
      current: { seat: string }[];
    };
    expect(extras.stats.E?.bombs).toBe(0);
    expect(extras.stats.W?.bombs).toBe(1);
    expect(extras.current.map((step) => step.seat)).toEqual(['W']);
  });

  it('are null for a game that has none yet', () => {
    expect(commentaryExtras('doudizhu', null, [])).toBeNull();
  });
});
