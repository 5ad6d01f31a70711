import type { Face } from '@tablecast/cards';
import { BROADCAST, STAFF, VENUE, discloseEvent, seatViewer } from '@tablecast/game-kit';
import { describe, expect, it } from 'vitest';
import { TestTable, orderFor } from '../engine/test-table';
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
    });
  });
});
