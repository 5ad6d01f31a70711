import type { Seat } from '@tablecast/guandan/view';

const SEATS: readonly Seat[] = ['S', 'E', 'N', 'W'];

/** The Guandan seat a URL or a producer cue names, or null for anything else. */
export function asSeat(seat: string): Seat | null {
  return SEATS.find((s) => s === seat) ?? null;
}
