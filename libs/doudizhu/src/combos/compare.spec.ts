import { describe, expect, it } from 'vitest';
import { cardsOf } from '../testing/cards-of';
import { classify } from './classify';
import { beats } from './compare';
import type { DdzReading } from './reading';

const as = (ranks: string): DdzReading => {
  const readings = classify(cardsOf(ranks));
  if (readings.length !== 1 || readings[0] === undefined) throw new Error(`not one reading: ${ranks}`);
  return readings[0];
};
const wins = (play: string, current: string): boolean => beats(as(play), as(current));

describe('beats: comparison', () => {
  it('DDZ-CMP-1: the rocket beats bombs, bombs beat every regular combination', () => {
    expect(wins('BJ RJ', '2 2 2 2')).toBe(true);
    expect(wins('2 2 2 2', 'BJ RJ')).toBe(false);
    expect(wins('3 3 3 3', '3 4 5 6 7 8 9 T J Q K A')).toBe(true);
    expect(wins('3 3 3 3', 'A A A A 2 2 K K')).toBe(true); // four with two is no bomb
    expect(wins('A A A A 2 2 K K', '3 3 3 3')).toBe(false);
    expect(wins('2', '3 3 3 3')).toBe(false);
  });

  it('DDZ-CMP-2: bombs by rank, 2 highest', () => {
    expect(wins('2 2 2 2', 'A A A A')).toBe(true);
    expect(wins('4 4 4 4', '3 3 3 3')).toBe(true);
    expect(wins('3 3 3 3', '4 4 4 4')).toBe(false);
  });

  it('DDZ-CMP-3: singles RJ > BJ > 2 > A > … > 3', () => {
    expect(wins('RJ', 'BJ')).toBe(true);
    expect(wins('BJ', '2')).toBe(true);
    expect(wins('2', 'A')).toBe(true);
    expect(wins('4', '3')).toBe(true);
    expect(wins('3', '4')).toBe(false);
  });

  it('DDZ-CMP-4: pairs, triples and sequences compare only at equal type and length', () => {
    expect(wins('4 4', '3 3')).toBe(true);
    expect(wins('4 5 6 7 8', '3 4 5 6 7')).toBe(true);
    expect(wins('4 5 6 7 8 9', '3 4 5 6 7')).toBe(false);
    expect(wins('4 4 5 5 6 6', '3 3 4 4 5 5')).toBe(true);
    expect(wins('4 4 4 5 5 5', '3 3 3 4 4 4')).toBe(true);
    expect(wins('4 4', '3')).toBe(false);
  });

  it('DDZ-CMP-5: kicker types by the triple, airplane or four; kickers ignored', () => {
    expect(wins('4 4 4 3', '3 3 3 A')).toBe(true);
    expect(wins('4 4 4 3', '3 3 3 A A')).toBe(false);
    expect(wins('4 4 4 5 5 5 3 3', '3 3 3 4 4 4 2 2')).toBe(true);
    expect(wins('3 3 3 4 4 4 2 2', '4 4 4 5 5 5 3 3')).toBe(false);
    expect(wins('6 6 6 7 7 7 3 4', '3 3 3 4 4 4 5 5 5 2 2 2')).toBe(false);
    expect(wins('6 6 6 6 3 4', '5 5 5 5 A 2')).toBe(true);
    expect(wins('6 6 6 6 3 3 4 4', '5 5 5 5 A 2')).toBe(false);
  });

  it('DDZ-CMP-6: a follow must be strictly greater', () => {
    expect(wins('7', '7')).toBe(false);
    expect(wins('7 7 7 7', '7 7 7 7')).toBe(false);
    expect(wins('BJ RJ', 'BJ RJ')).toBe(false);
  });
});
