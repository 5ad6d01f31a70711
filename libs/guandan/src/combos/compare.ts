import type { Rank } from '@tablecast/cards';
import type { Reading } from '../model/reading';
import { bombTier, readingKeyValue } from './order';

/**
 * Whether `play` beats `current` (GD-CMP-1…8): strictly greater; normal combinations only by the
 * same type and card count with a higher key (GD-CMP-2, suits never count: GD-CMP-3); any bomb-class
 * play beats any normal one (GD-CMP-4); bombs by the ladder, then rank (GD-CMP-5…7).
 * Both readings must be valid readings (see classify); this compares, it does not validate.
 */
export function beats(play: Reading, current: Reading, level: Rank): boolean {
  const playTier = bombTier(play);
  const currentTier = bombTier(current);
  if (playTier !== currentTier) return playTier > currentTier;
  if (playTier === 0 && (play.type !== current.type || play.length !== current.length)) return false;
  return readingKeyValue(play, level) > readingKeyValue(current, level);
}
