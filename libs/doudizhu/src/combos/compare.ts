import { rankIndexOf } from '../cards/rank-of';
import type { DdzReading } from './reading';

/**
 * Whether `play` may follow `current` (DDZ-CMP-1…6): the rocket beats everything; a bomb beats
 * every regular combination and a lower bomb (DDZ-CMP-2); otherwise only the same type with the
 * same number of cards and a strictly higher key rank (DDZ-CMP-4/5/6).
 */
export function beats(play: DdzReading, current: DdzReading): boolean {
  if (play.type === 'rocket') return current.type !== 'rocket';
  if (current.type === 'rocket') return false;
  if (play.type === 'bomb') return current.type !== 'bomb' || keyRank(play) > keyRank(current);
  if (current.type === 'bomb') return false;
  return play.type === current.type && play.length === current.length && keyRank(play) > keyRank(current);
}

function keyRank(reading: DdzReading): number {
  return reading.rank === undefined ? -1 : rankIndexOf(reading.rank);
}
