import { keyOf, typeIndex, isFiveCardType, type B2Reading } from './reading';
import type { BigTwoRules } from './rules';

/**
 * Whether `play` may follow `toBeat` (B2-CMP-1…5, B2-PLAY-3): singles, pairs and triples only
 * their own type, strictly higher by rank then suit; a five-card play follows any five-card play of
 * a lower class (straight < flush < full house < four of a kind < straight flush) or of its own
 * class with a strictly higher key card. The readings already carry the ruleset's key card
 * (`straightKey`), so the comparison itself is the same under every ruleset.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the ruleset is part of the API: readings carry its key card today
export function beats(play: B2Reading, toBeat: B2Reading, rules: BigTwoRules): boolean {
  const p = typeIndex(play.type);
  const t = typeIndex(toBeat.type);
  if (p < 0 || t < 0) return false;
  if (isFiveCardType(p) && isFiveCardType(t) && p !== t) return p > t;
  return p === t && keyOf(play) > keyOf(toBeat);
}
