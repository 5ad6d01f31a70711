import { describe, expect, it } from 'vitest';
import { E_HAND, N_GIVEN, S_HAND, STRAIGHT_3_7 } from '../testing/hands';
import { decideBigTwo } from '../engine/decide';
import { B2TestTable, orderFor } from '../testing/test-table';
import { bigtwoSeatChoices } from './seat-choices';

describe('seat choices (the terminal)', () => {
  it('offers the show choice to each seat until it has chosen, the double to the seat on turn, and only legal plays', () => {
    const table = new B2TestTable();
    table.deal(orderFor({ S: S_HAND, E: E_HAND, N: N_GIVEN }));
    expect(bigtwoSeatChoices(table.state, 'W')).toEqual({ kind: 'show' });
    table.must({ type: 'Show', seat: 'W', show: false });
    expect(bigtwoSeatChoices(table.state, 'W')).toEqual({ kind: 'wait' });
    for (const seat of ['S', 'E', 'N'] as const) table.must({ type: 'Show', seat, show: false });
    expect(bigtwoSeatChoices(table.state, 'S')).toEqual({ kind: 'double' });
    expect(bigtwoSeatChoices(table.state, 'E')).toEqual({ kind: 'wait' });
    for (const seat of ['S', 'E', 'N', 'W'] as const) table.must({ type: 'Double', seat, double: false });
    const lead = bigtwoSeatChoices(table.state, 'S');
    if (lead.kind !== 'play') throw new Error(`expected play, got ${lead.kind}`);
    expect(lead.mayPass).toBe(false);
    // B2-PLAY-1 on the terminal: every offered first lead holds ♦3, and each is accepted.
    expect(lead.plays.length).toBeGreaterThan(1);
    expect(lead.plays.every((p) => p.faces.includes('D3'))).toBe(true);
    const refused = lead.plays.filter(
      (play) => !decideBigTwo({ type: 'PlayCards', seat: 'S', cards: play.faces }, table.state).ok,
    );
    expect(refused).toEqual([]);
    table.must({ type: 'PlayCards', seat: 'S', cards: STRAIGHT_3_7 });
    const follow = bigtwoSeatChoices(table.state, 'E');
    if (follow.kind !== 'play') throw new Error(`expected play, got ${follow.kind}`);
    expect(follow.mayPass).toBe(true);
    expect(follow.plays.every((p) => p.reading.length === 5)).toBe(true);
  });
});
