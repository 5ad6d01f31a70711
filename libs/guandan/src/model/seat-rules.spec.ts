import { describe, expect, it } from 'vitest';
import { nextSeat, otherTeam, partnerOf, previousSeat, SEATS, seatsOf, TEAMS, teamOf } from './seats';

/** One test per seating rule, each naming that rule alone. */
describe('seating rules one by one (GD-SEAT-*)', () => {
  it('GD-SEAT-1: four players in two pairs; one’s side is oneself and the partner opposite, the other side the neighbours', () => {
    expect(SEATS).toHaveLength(4);
    expect(TEAMS).toHaveLength(2);
    for (const seat of SEATS) {
      const partner = partnerOf(seat);
      expect(partner).not.toBe(seat);
      expect(partnerOf(partner)).toBe(seat);
      expect(teamOf(partner)).toBe(teamOf(seat));
      // Opposite: two steps round the table; the neighbours on either side are opponents.
      expect(nextSeat(nextSeat(seat))).toBe(partner);
      expect(teamOf(nextSeat(seat))).toBe(otherTeam(teamOf(seat)));
      expect(teamOf(previousSeat(seat))).toBe(otherTeam(teamOf(seat)));
    }
  });

  it('GD-SEAT-2: the seats are S, E, N, W and the partnerships N–S and E–W', () => {
    expect([...SEATS].sort()).toEqual(['E', 'N', 'S', 'W']);
    expect([...seatsOf('NS')].sort()).toEqual(['N', 'S']);
    expect([...seatsOf('EW')].sort()).toEqual(['E', 'W']);
    expect(SEATS.map(teamOf)).toEqual(['NS', 'EW', 'NS', 'EW']);
  });

  it('GD-SEAT-3: 上家 is the player who acts just before one, 下家 the one just after, for every seat', () => {
    expect(SEATS.map((seat) => [previousSeat(seat), seat, nextSeat(seat)])).toEqual([
      ['W', 'S', 'E'],
      ['S', 'E', 'N'],
      ['E', 'N', 'W'],
      ['N', 'W', 'S'],
    ]);
    for (const seat of SEATS) {
      expect(previousSeat(nextSeat(seat))).toBe(seat);
      expect(nextSeat(previousSeat(seat))).toBe(seat);
    }
  });

  it('GD-SEAT-4: turns go counter-clockwise, S → E → N → W and back to S after four steps', () => {
    const order = ['S'] as ('S' | 'E' | 'N' | 'W')[];
    for (let i = 0; i < 4; i += 1) order.push(nextSeat(order.at(-1) ?? 'S'));
    expect(order).toEqual(['S', 'E', 'N', 'W', 'S']);
  });
});
