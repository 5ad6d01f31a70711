import { evolveBigTwo, playRandomB2Boards, type BigTwoState } from '@tablecast/bigtwo';
import type { GameEvent } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { b2Invariants } from './bigtwo-simulation';
import { simulatedGame } from './index';

/** A seeded match of two boards: every event with the state right after it (as the fold gives it). */
function steps(): { event: GameEvent; after: BigTwoState }[] {
  const seen: { event: GameEvent; after: BigTwoState }[] = [];
  const result = playRandomB2Boards({
    seed: 'b2-invariants',
    boards: 2,
    timeoutPerMille: 0,
    onStep: ({ events, before }) => {
      let after = before;
      for (const event of events) {
        after = evolveBigTwo(after, event);
        seen.push({ event, after });
      }
    },
  });
  if (!result.ok) throw new Error(result.violation.message);
  return seen;
}

describe('Big Two invariants of the simulation', () => {
  it('finds nothing wrong over two seeded boards', () => {
    const check = b2Invariants();
    expect(steps().flatMap(({ event, after }) => check(event, after))).toEqual([]);
  });

  it('B2-DEAL-1: reports a card held in two hands', () => {
    const all = steps();
    const check = b2Invariants();
    const at = all.findIndex(({ after }) => after.board?.phase === 'play');
    const problems = all.slice(0, at + 1).flatMap(({ event, after }, i) => {
      const board = after.board;
      if (i < at || board === null) return check(event, after);
      const stolen = board.hands.E[0];
      if (stolen === undefined) throw new Error('empty hand');
      const hands = { ...board.hands, S: [...board.hands.S, stolen] };
      return check(event, { ...after, board: { ...board, hands } });
    });
    expect(problems).toEqual(['B2-DEAL-1: 1 cards are not in exactly one place']);
  });

  it('B2-SCORE-3: reports board scores that do not sum to 0', () => {
    const [first] = steps();
    if (!first) throw new Error('no events');
    const check = b2Invariants();
    expect(check(first.event, { ...first.after, boardTotals: { S: 4, E: -2, N: -1, W: 0 } })).toContain(
      'B2-SCORE-3: board scores sum to 1, not 0',
    );
  });

  it('is the registry’s simulation of bigtwo, and reads only fixedDeals:N', () => {
    const game = simulatedGame('bigtwo');
    expect(game.module.id).toBe('bigtwo');
    expect(game.parseFormat('fixedDeals:4')).toEqual({ kind: 'fixedDeals', deals: 4 });
    expect(() => game.parseFormat('fixedDeals:0')).toThrow('--format "fixedDeals:0"');
  });
});
