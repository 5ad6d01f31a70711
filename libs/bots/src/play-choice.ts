import { faceOfCard, isJoker, rankOf, type CardId, type Face, type Rank } from '@tablecast/cards';
import { isBombClass, rankPower, type Play, type Reading } from '@tablecast/guandan';

/** Power of a play's key rank at this level (GD-RANK-1); four jokers are the strongest thing there is. */
export function playPower(reading: Reading, level: Rank): number {
  if (reading.rank === undefined) return 100;
  return rankPower(reading.rank, level);
}

/** How many cards of each rank the hand holds: four or more of a kind is a bomb worth keeping. */
export function rankCounts(hand: readonly CardId[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const card of hand) {
    const face = faceOfCard(card);
    const key = isJoker(face) ? face : rankOf(face);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * A cost for playing `play` from `hand`: low is good. What a club player does without thinking:
 * get rid of low cards first, in long combinations when they are low; keep bombs and the two
 * heart level cards (wildcards) for when they matter; never split a bomb for a small play.
 * `counts` is `rankCounts(hand)`, passed in when the caller weighs many plays from one hand.
 */
export function playCost(
  play: Play,
  hand: readonly CardId[],
  level: Rank,
  counts: ReadonlyMap<string, number> = rankCounts(hand),
): number {
  const wild: Face = `H${level}`;
  const bomb = isBombClass(play.as.type);
  let cost = playPower(play.as, level) * 10 - play.cards.length * 3;
  if (bomb) cost += 400 + play.cards.length * 20;
  for (const face of play.cards) {
    if (face === wild && !bomb) cost += 120;
    const key = isJoker(face) ? face : rankOf(face);
    if (!bomb && (counts.get(key) ?? 0) >= 4) cost += 150;
  }
  return cost;
}
