import type { Face } from '@tablecast/cards';
import { describe, expect, it } from 'vitest';
import { DOUDIZHU_DISCLOSURE } from '../events/catalog';
import { timeoutDefault, turnClock } from './clock';
import { TestTable, orderFor } from './test-table';

const KITTY: Face[] = ['BJ', 'RJ', 'S2'];

/** Seat 1 bids 3 and is the landlord; seats 2 and 0 defend. */
function doublingTable(): TestTable {
  const table = new TestTable();
  table.deal(orderFor([[], [], []], KITTY));
  table.must({ type: 'Bid', seat: 0, bid: 'pass' });
  table.must({ type: 'Bid', seat: 1, bid: 3 });
  return table;
}

describe('doubling (DDZ-DBL-*) and the kitty (DDZ-DEAL-2)', () => {
  it("DDZ-DBL-1: a defender's double is on no public event until both have chosen, then both are revealed at once", () => {
    const table = doublingTable();
    const first = table.must({ type: 'Double', seat: 2, double: true });
    expect(first).toEqual([{ type: 'DoubleChosen', data: { seat: 2, double: true, timedOut: false } }]);
    expect(first.map((e) => DOUDIZHU_DISCLOSURE[e.type])).toEqual(['staff']);
    const second = table.must({ type: 'Double', seat: 0, double: false });
    expect(second.map((e) => e.type)).toEqual(['DoubleChosen', 'DoublesRevealed']);
    expect(second[1]).toEqual({
      type: 'DoublesRevealed',
      data: {
        doubles: [
          { seat: 2, double: true },
          { seat: 0, double: false },
        ],
      },
    });
    expect(DOUDIZHU_DISCLOSURE.DoublesRevealed).toBe('public');
  });

  it('DDZ-DBL-1: only a defender doubles, once, while doubling is open; both defenders are on the one clock', () => {
    const table = doublingTable();
    expect(turnClock(table.state)).toMatchObject({ seats: [2, 0], seconds: 25, rule: 'DDZ-DBL-1' });
    expect(table.run({ type: 'Double', seat: 1, double: true })).toMatchObject({
      ok: false,
      rule: 'DDZ-DBL-1',
    });
    const since = table.state.clockSince;
    table.must({ type: 'Double', seat: 0, double: true });
    expect(turnClock(table.state)).toMatchObject({ seats: [2], since });
    expect(table.run({ type: 'Double', seat: 0, double: false })).toMatchObject({
      ok: false,
      rule: 'DDZ-DBL-1',
    });
  });

  it('DDZ-DBL-1: a defender who times out does not double; a stale default is refused', () => {
    const table = doublingTable();
    const fallback = timeoutDefault(table.state);
    expect(fallback).toMatchObject({ type: 'Double', seat: 2, double: false });
    table.must({ type: 'Double', seat: 2, double: true });
    expect(fallback && table.run(fallback)).toMatchObject({ ok: false, stale: true });
    const second = timeoutDefault(table.state);
    expect(second).toMatchObject({ type: 'Double', seat: 0, double: false });
    expect(second && table.must(second)[0]).toEqual({
      type: 'DoubleChosen',
      data: { seat: 0, double: false, timedOut: true },
    });
  });

  it('DDZ-DBL-2: the landlord may redouble only after a defender doubled; a timeout is no redouble', () => {
    const table = doublingTable();
    expect(table.run({ type: 'Redouble', seat: 1, redouble: true })).toMatchObject({
      ok: false,
      rule: 'DDZ-DBL-2',
    });
    table.must({ type: 'Double', seat: 2, double: false });
    table.must({ type: 'Double', seat: 0, double: true });
    expect(table.state.board?.phase).toBe('redoubling');
    expect(table.run({ type: 'Redouble', seat: 0, redouble: true })).toMatchObject({
      ok: false,
      rule: 'DDZ-DBL-2',
    });
    const fallback = timeoutDefault(table.state);
    expect(fallback).toMatchObject({ type: 'Redouble', seat: 1, redouble: false });
    expect(fallback && table.must(fallback)[0]).toEqual({
      type: 'RedoubleChosen',
      data: { seat: 1, redouble: false, timedOut: true },
    });
  });

  it('DDZ-DBL-2: with no double, there is no redouble: the kitty is revealed at once', () => {
    const table = doublingTable();
    table.must({ type: 'Double', seat: 2, double: false });
    const events = table.must({ type: 'Double', seat: 0, double: false });
    expect(events.map((e) => e.type)).toEqual(['DoubleChosen', 'DoublesRevealed', 'KittyRevealed']);
    expect(table.run({ type: 'Redouble', seat: 1, redouble: true })).toMatchObject({
      ok: false,
      rule: 'DDZ-DBL-2',
    });
  });

  it("DDZ-DEAL-2: after the doubling choices the kitty is shown to all and joins the landlord's hand", () => {
    const table = doublingTable();
    const before = [...table.hand(1)];
    expect(table.state.board?.kittyRevealed).toBe(false);
    table.must({ type: 'Double', seat: 2, double: true });
    table.must({ type: 'Double', seat: 0, double: true });
    expect(table.state.board?.kittyRevealed).toBe(false);
    const events = table.must({ type: 'Redouble', seat: 1, redouble: true });
    expect(events.at(-1)).toEqual({ type: 'KittyRevealed', data: { landlord: 1, cards: KITTY } });
    expect(DOUDIZHU_DISCLOSURE.KittyRevealed).toBe('public');
    expect(table.hand(1)).toEqual([...before, ...KITTY]);
    expect(table.state.board).toMatchObject({ phase: 'play', turn: 1, redoubled: true });
  });
});
