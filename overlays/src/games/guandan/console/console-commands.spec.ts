import { describe, expect, it } from 'vitest';
import { commandForOption, usesAll } from './console-commands';

describe('commandForOption', () => {
  it('turns each kind of option into its client command', () => {
    const as = { type: 'pair', rank: 'K', length: 2 } as const;
    expect(
      commandForOption({ kind: 'play', seat: 'E', play: { cards: ['SK', 'HK'], as } }, ['SKa', 'HKb']),
    ).toEqual({
      type: 'PlayCards',
      seat: 'E',
      cards: ['SKa', 'HKb'],
      as,
    });
    expect(commandForOption({ kind: 'card', seat: 'W', card: 'RJa', action: 'give' }, ['RJa'])).toEqual({
      type: 'GiveTribute',
      seat: 'W',
      card: 'RJa',
    });
    expect(commandForOption({ kind: 'card', seat: 'S', card: 'D3a', action: 'return' }, ['D3a'])).toEqual({
      type: 'ReturnTribute',
      seat: 'S',
      card: 'D3a',
    });
    expect(commandForOption({ kind: 'seat', seat: 'N' }, [])).toEqual({ type: 'DesignateLeader', seat: 'N' });
    expect(commandForOption({ kind: 'resist', seat: 'W' }, [])).toEqual({ type: 'ResistTribute', seat: 'W' });
  });
});

describe('usesAll', () => {
  const play = {
    kind: 'play',
    seat: 'E',
    play: { cards: ['S5', 'S5', 'H9'], as: { type: 'single', length: 1 } },
  } as const;
  it('keeps plays of the selected seat that use every selected face, copies counted', () => {
    expect(usesAll(play, { seat: 'E', cards: ['S5a', 'S5b'] })).toBe(true);
    expect(usesAll(play, { seat: 'E', cards: ['S5a', 'H9a'] })).toBe(true);
    expect(usesAll(play, { seat: 'E', cards: ['H9a', 'H9b'] })).toBe(false);
    expect(usesAll(play, { seat: 'W', cards: ['S5a'] })).toBe(false);
    expect(usesAll(play, null)).toBe(true);
  });
});
