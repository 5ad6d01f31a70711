import { describe, expect, it } from 'vitest';
import { B2TestTable, orderFor } from '../testing/test-table';
import { E_HAND, S_HAND } from '../testing/hands';
import { timeoutDefault, turnClock } from './clock';

function dealt(): B2TestTable {
  const table = new B2TestTable();
  table.deal(orderFor({ S: S_HAND, E: E_HAND }));
  return table;
}

describe('show and double (B2-SHOW-1, B2-DBL-*)', () => {
  it('B2-SHOW-1: all four choose in parallel, once each; a shown hand is recorded with its 13 faces', () => {
    const table = dealt();
    expect(table.state.board?.phase).toBe('showing');
    const shown = table.must({ type: 'Show', seat: 'N', show: true, now: 2000 });
    expect(shown).toEqual([
      { type: 'HandShown', data: { seat: 'N', cards: [...table.hand('N')], at: 2000 } },
    ]);
    expect(table.run({ type: 'Show', seat: 'N', show: false })).toMatchObject({
      ok: false,
      rule: 'B2-SHOW-1',
    });
    table.must({ type: 'Show', seat: 'W', show: false });
    table.must({ type: 'Show', seat: 'S', show: false });
    expect(table.state.board?.phase).toBe('showing');
    table.must({ type: 'Show', seat: 'E', show: false });
    expect(table.state.board).toMatchObject({ phase: 'doubling', turn: 'S' });
    expect(table.run({ type: 'Show', seat: 'E', show: true })).toMatchObject({
      ok: false,
      rule: 'B2-SHOW-1',
    });
  });

  it('B2-SHOW-1: one 10 s clock for the show choices from the deal; on timeout the software records "not shown"', () => {
    const table = dealt();
    const clock = turnClock(table.state);
    expect(clock).toMatchObject({
      seats: ['S', 'E', 'N', 'W'],
      seconds: 10,
      rule: 'B2-SHOW-1',
      deadline: 11_000,
    });
    table.must({ type: 'Show', seat: 'S', show: true, now: 3000 });
    // The other three are still on the same clock: a show does not restart it.
    expect(turnClock(table.state)).toMatchObject({ seats: ['E', 'N', 'W'], deadline: 11_000 });
    const fallback = timeoutDefault(table.state);
    expect(fallback).toEqual({
      type: 'Show',
      seat: 'E',
      show: false,
      timeout: { revision: table.state.revision },
    });
    if (fallback?.type !== 'Show') return;
    expect(table.run({ ...fallback, show: true })).toMatchObject({ ok: false, rule: 'B2-SHOW-1' });
    expect(table.must(fallback)).toEqual([{ type: 'ShowDeclined', data: { seat: 'E', timedOut: true } }]);
    // A default timed at an older revision is stale: the choice recorded first wins.
    expect(table.run(fallback)).toMatchObject({ ok: false, rule: 'B2-SHOW-1', stale: true });
  });

  it('B2-DBL-1: after the show choices, each doubles or not in turn from 首家, 10 s each, default no; play begins after the fourth', () => {
    const table = dealt();
    expect(table.run({ type: 'Double', seat: 'S', double: true })).toMatchObject({
      ok: false,
      rule: 'B2-DBL-1',
    });
    for (const seat of ['S', 'E', 'N', 'W'] as const)
      table.must({ type: 'Show', seat, show: false, now: 4000 });
    expect(turnClock(table.state)).toMatchObject({
      seats: ['S'],
      seconds: 10,
      rule: 'B2-DBL-1',
      deadline: 14_000,
    });
    expect(table.run({ type: 'Double', seat: 'E', double: true })).toMatchObject({
      ok: false,
      rule: 'B2-DBL-1',
    });
    table.must({ type: 'Double', seat: 'S', double: true, now: 5000 });
    expect(turnClock(table.state)).toMatchObject({ seats: ['E'], deadline: 15_000 });
    const fallback = timeoutDefault(table.state);
    expect(fallback).toMatchObject({ type: 'Double', seat: 'E', double: false });
    if (fallback === null) return;
    expect(table.must(fallback)).toEqual([
      { type: 'DoubleChosen', data: { seat: 'E', double: false, timedOut: true } },
    ]);
    table.must({ type: 'Double', seat: 'N', double: false });
    expect(table.run({ type: 'PlayCards', seat: 'S', cards: ['D3'] })).toMatchObject({
      ok: false,
      rule: 'B2-DBL-1',
    });
    table.must({ type: 'Double', seat: 'W', double: true });
    expect(table.state.board).toMatchObject({
      phase: 'play',
      turn: 'S',
      doubled: { S: true, E: false, N: false, W: true },
    });
  });
});
