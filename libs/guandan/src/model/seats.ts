/**
 * Seats and partnerships (GD-SEAT-1…4). Play goes counter-clockwise S → E → N → W → S, so the
 * next player (下家) of S is E; partners sit opposite (N–S, E–W).
 */
export const SEATS = ['S', 'E', 'N', 'W'] as const;
export type Seat = (typeof SEATS)[number];

export const TEAMS = ['NS', 'EW'] as const;
export type Team = (typeof TEAMS)[number];

const NEXT: Readonly<Record<Seat, Seat>> = { S: 'E', E: 'N', N: 'W', W: 'S' };
const PREVIOUS: Readonly<Record<Seat, Seat>> = { S: 'W', E: 'S', N: 'E', W: 'N' };
const PARTNER: Readonly<Record<Seat, Seat>> = { S: 'N', E: 'W', N: 'S', W: 'E' };

/** The seats in Chinese (GD-SEAT-2: 南 S, 东 E, 北 N, 西 W), for `messageZh`. */
export const SEAT_NAMES_ZH: Readonly<Record<Seat, string>> = { S: '南家', E: '东家', N: '北家', W: '西家' };

/** A seat's Chinese name; a value that is not a seat (bad input) is shown as given. */
export function seatNameZh(seat: Seat): string {
  const names: Readonly<Record<string, string | undefined>> = SEAT_NAMES_ZH;
  return names[seat] ?? seat;
}

/** 下家: the player who acts next (GD-SEAT-4). */
export function nextSeat(seat: Seat): Seat {
  return NEXT[seat];
}

/** 上家: the player who acted just before (GD-SEAT-3). */
export function previousSeat(seat: Seat): Seat {
  return PREVIOUS[seat];
}

export function partnerOf(seat: Seat): Seat {
  return PARTNER[seat];
}

export function teamOf(seat: Seat): Team {
  return seat === 'N' || seat === 'S' ? 'NS' : 'EW';
}

export function otherTeam(team: Team): Team {
  return team === 'NS' ? 'EW' : 'NS';
}

export function seatsOf(team: Team): readonly [Seat, Seat] {
  return team === 'NS' ? ['S', 'N'] : ['E', 'W'];
}

/** Counting counter-clockwise from `from` (which counts as 1): the seat that count `n` lands on. */
export function countFrom(from: Seat, n: number): Seat {
  let seat = from;
  for (let i = 1; i < n; i += 1) seat = NEXT[seat];
  return seat;
}
