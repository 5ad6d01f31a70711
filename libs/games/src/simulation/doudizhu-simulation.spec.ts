import { evolveDoudizhu, playRandomBoards, type DoudizhuState } from '@tablecast/doudizhu';
import type { GameEvent } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { ddzInvariants } from './doudizhu-simulation';
import { simulatedGame } from './index';

/** A seeded match of two boards: every event with the state right after it (as the fold gives it). */
function steps(): { event: GameEvent; after: DoudizhuState }[] {
  const seen: { event: GameEvent; after: DoudizhuState }[] = [];
  const result = playRandomBoards({
    seed: 'ddz-invariants',
    boards: 2,
    timeoutPerMille: 0,
    onStep: ({ events, before }) => {
      let after = before;
      for (const event of events) {
        after = evolveDoudizhu(after, event);
        seen.push({ event, after });
      }
    },
  });
  if (!result.ok) throw new Error(result.violation.message);
  return seen;
}

describe('Dou Dizhu invariants of the simulation', () => {
  it('finds nothing wrong over two seeded boards', () => {
    const check = ddzInvariants();
    expect(steps().flatMap(({ event, after }) => check(event, after))).toEqual([]);
  });

  it('DDZ-GEN-1: reports a card held in two hands', () => {
    const all = steps();
    const check = ddzInvariants();
    const at = all.findIndex(({ after }) => after.board?.phase === 'play');
    const problems = all.slice(0, at + 1).flatMap(({ event, after }, i) => {
      const board = after.board;
      if (i < at || board === null) return check(event, after);
      const stolen = board.hands[1][0];
      if (stolen === undefined) throw new Error('empty hand');
      const hands = [[...board.hands[0], stolen], board.hands[1], board.hands[2]] as const;
      return check(event, { ...after, board: { ...board, hands } });
    });
    expect(problems).toEqual(['DDZ-GEN-1: 1 cards are not in exactly one place']);
  });

  it('DDZ-SCORE-5: reports board scores that do not sum to 0', () => {
    const [first] = steps();
    if (!first) throw new Error('no events');
    const check = ddzInvariants();
    expect(check(first.event, { ...first.after, boardTotals: [4, -2, -1] })).toContain(
      'DDZ-SCORE-5: board scores sum to 1, not 0',
    );
  });

  it('is the registry’s simulation of doudizhu, and reads only fixedDeals:N', () => {
    const game = simulatedGame('doudizhu');
    expect(game.module.id).toBe('doudizhu');
    expect(game.parseFormat('fixedDeals:4')).toEqual({ kind: 'fixedDeals', deals: 4 });
    expect(() => game.parseFormat('fixedDeals:0')).toThrow('--format "fixedDeals:0"');
    expect(() => simulatedGame('mahjong')).toThrow('unknown game "mahjong"');
  });
});
