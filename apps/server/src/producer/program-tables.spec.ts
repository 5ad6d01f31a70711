import { describe, expect, it } from 'vitest';
import { everyTable } from './program-tables';

describe('everyTable (the program without a tournament)', () => {
  it('lists the tables in reading order, numbers by value (T2 before T10), each with its match', () => {
    const current = new Map([
      ['T10', 'm10'],
      ['T2', 'm2'],
      ['hall-b', 'mb'],
      ['T1', 'm1'],
      ['hall-a', 'ma'],
    ]);
    expect(everyTable(current)).toEqual([
      { table: 'hall-a', number: null, matchId: 'ma' },
      { table: 'hall-b', number: null, matchId: 'mb' },
      { table: 'T1', number: null, matchId: 'm1' },
      { table: 'T2', number: null, matchId: 'm2' },
      { table: 'T10', number: null, matchId: 'm10' },
    ]);
  });
});
