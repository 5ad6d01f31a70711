import type { Face } from '@tablecast/cards';
import { BROADCAST, STAFF, VENUE, discloseEvent, seatViewer } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { TestTable, orderFor } from '../engine/test-table';
import { playRandomBoards } from '../sim/playout';
import { doudizhuModule } from './doudizhu-module';

const KITTY: Face[] = ['BJ', 'RJ', 'S2'];

function doublingTable(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([[], [], []], KITTY));
  table.must({ type: 'Bid', seat: 0, bid: 3 });
  return table;
}

describe("the Dou Dizhu module's views and feeds", () => {
  it("DDZ-DBL-1: a defender's double is on no feed and in no view but staff's and his own until both are in", () => {
    const table = doublingTable();
    const [chosen] = table.must({ type: 'Double', seat: 1, double: true });
    if (chosen === undefined) throw new Error('no event');
    for (const viewer of [VENUE, BROADCAST, seatViewer('0'), seatViewer('2')]) {
      expect(discloseEvent(doudizhuModule, chosen, viewer)).toBeNull();
      const seat1 = doudizhuModule.view(table.state, viewer).seats[1];
      expect(seat1).toMatchObject({ doubleChosen: true, doubled: null });
    }
    expect(discloseEvent(doudizhuModule, chosen, seatViewer('1'))).toEqual(chosen);
    expect(doudizhuModule.view(table.state, seatViewer('1')).seats[1]?.doubled).toBe(true);
    expect(doudizhuModule.view(table.state, STAFF).seats[1]?.doubled).toBe(true);
    table.must({ type: 'Double', seat: 2, double: false });
    expect(doudizhuModule.view(table.state, VENUE).seats.map((s) => s.doubled)).toEqual([null, true, false]);
  });

  it('DDZ-DEAL-2: the kitty is hidden from the venue and the players until revealed, then shown to all', () => {
    const table = doublingTable();
    expect(doudizhuModule.view(table.state, VENUE).board?.kitty).toBeNull();
    expect(doudizhuModule.view(table.state, seatViewer('0')).board?.kitty).toBeNull();
    expect(doudizhuModule.view(table.state, BROADCAST).board?.kitty).toEqual(KITTY);
    table.must({ type: 'Double', seat: 1, double: false });
    table.must({ type: 'Double', seat: 2, double: false });
    expect(doudizhuModule.view(table.state, VENUE).board?.kitty).toEqual(KITTY);
    expect(doudizhuModule.view(table.state, VENUE).seats[0]).toMatchObject({ cardsLeft: 20, hand: null });
    expect(doudizhuModule.view(table.state, seatViewer('0')).seats[0]?.hand).toHaveLength(20);
  });

  it('DDZ-DBL-1: the view carries the running turn clock: who, how long, since which revision', () => {
    const table = doublingTable();
    expect(doudizhuModule.view(table.state, VENUE).board?.clock).toEqual({
      seats: [1, 2],
      seconds: 25,
      rule: 'DDZ-DBL-1',
      since: table.state.revision,
      deadline: null,
    });
  });

  it("DDZ-SCORE-1…4: a board's end names each defender's bid, W and n, and bid × W × 2^n is the score recorded", () => {
    let ended = 0;
    const factors = new Set<number>();
    playRandomBoards({
      seed: 'view-factors',
      boards: 40,
      onStep: ({ events, after }) => {
        if (!events.some((e) => e.type === 'BoardEnded')) return;
        const last = doudizhuModule.view(after, VENUE).lastBoard;
        if (last === null) throw new Error('a board ended without a last board in the view');
        ended += 1;
        // The defenders in playing order from the landlord (DDZ-GEN-4), as the scoring numbers them.
        expect(last.defenders.map((d) => d.seat)).toEqual([(last.landlord + 1) % 3, (last.landlord + 2) % 3]);
        for (const d of last.defenders) {
          expect(d.bid).toBe(last.bid);
          expect(d.w).toBe(last.winner === 'defenders' ? 1 : -1);
          expect(d.doubled).toBe(last.doubled[d.seat]);
          // DDZ-SCORE-4: n = rockets + bombs + spring + antiSpring + d + d × r.
          const d01 = d.doubled ? 1 : 0;
          const n =
            last.rockets +
            last.bombs +
            Number(last.spring) +
            Number(last.antiSpring) +
            d01 +
            d01 * Number(last.redoubled);
          expect(d.n).toBe(n);
          expect(d.bid * d.w * 2 ** d.n).toBe(last.scores[d.seat]);
          expect(d.score).toBe(last.scores[d.seat]);
          factors.add(d.n);
        }
      },
    });
    expect(ended).toBe(40);
    // Boards with different n: the check is not one repeated case.
    expect(factors.size).toBeGreaterThan(2);
  });
  it('DDZ-SCORE-4: the live multiplier counts the doubles and the redouble once revealed, never before (DDZ-DBL-1)', () => {
    const table = doublingTable();
    const board = (viewer = VENUE) => doudizhuModule.view(table.state, viewer).board;
    expect(board()).toMatchObject({
      multiplier: 3,
      multipliers: [
        { seat: 1, multiplier: 3 },
        { seat: 2, multiplier: 3 },
      ],
    });
    table.must({ type: 'Double', seat: 1, double: true });
    // A sealed double moves no figure anyone sees, staff's included: the multiplier is on air.
    for (const viewer of [VENUE, BROADCAST, STAFF, seatViewer('2')])
      expect(board(viewer)?.multiplier).toBe(3);
    table.must({ type: 'Double', seat: 2, double: false });
    expect(board()).toMatchObject({
      multiplier: 6,
      multipliers: [
        { seat: 1, multiplier: 6 },
        { seat: 2, multiplier: 3 },
      ],
    });
    table.must({ type: 'Redouble', seat: 0, redouble: true });
    // DDZ-DBL-3: the redouble counts only against the defender who doubled.
    expect(board()).toMatchObject({
      multiplier: 12,
      multipliers: [
        { seat: 1, multiplier: 12 },
        { seat: 2, multiplier: 3 },
      ],
    });
  });

  it("DDZ-SCORE-1/4: at a board's end each defender's multiplier is his score's size, bombs, doubles and spring included", () => {
    let ended = 0;
    let doubledBoards = 0;
    playRandomBoards({
      seed: 'view-multipliers',
      boards: 40,
      onStep: ({ events, after }) => {
        if (!events.some((e) => e.type === 'BoardEnded')) return;
        const view = doudizhuModule.view(after, VENUE);
        const last = view.lastBoard;
        if (last === null || view.board === null) throw new Error('a board ended without its view');
        ended += 1;
        if (last.doubled.some(Boolean)) doubledBoards += 1;
        expect(view.board.multipliers.map((m) => [m.seat, m.multiplier])).toEqual(
          last.defenders.map((d) => [d.seat, Math.abs(d.score)]),
        );
        expect(view.board.multiplier).toBe(Math.max(...last.defenders.map((d) => Math.abs(d.score))));
      },
    });
    expect(ended).toBe(40);
    // Boards with a double: the doubles are really part of what is checked.
    expect(doubledBoards).toBeGreaterThan(0);
  });
});
