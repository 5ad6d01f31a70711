import { DDZ_ACE, ddzRank, nextBelow, type Face, type Prng } from '@tablecast/cards';
import { classifyPlay, type LegalPlay } from '../engine/rules-port';

/**
 * A random lead built from the hand's rank groups: a single, pair, triple (with a kicker) or bomb,
 * or a straight. Listing every lead of a 20-card hand costs far more than a whole board's other
 * moves, so the bots list all leads only now and then and otherwise lead one of these.
 */
export function quickLead(hand: readonly Face[], prng: Prng): LegalPlay | null {
  const groups = rankGroups(hand);
  const group = groups[nextBelow(prng, groups.length)];
  if (group === undefined) return null;
  let cards: Face[] = group.cards.slice(0, 1 + nextBelow(prng, group.cards.length));
  if (cards.length === 3 && nextBelow(prng, 2) === 1) {
    const other = groups.find((g) => g.rank !== group.rank);
    if (other !== undefined)
      cards = [
        ...cards,
        ...other.cards.slice(0, other.cards.length >= 2 && nextBelow(prng, 2) === 1 ? 2 : 1),
      ];
  } else if (cards.length === 1 && nextBelow(prng, 3) === 0) {
    const run = straightFrom(groups, group.rank);
    if (run.length >= 5) cards = run.slice(0, 5 + nextBelow(prng, run.length - 4));
  }
  const as = classifyPlay(cards)[0];
  return as === undefined ? null : { cards, as };
}

interface RankGroup {
  readonly rank: number;
  readonly cards: Face[];
}

function rankGroups(hand: readonly Face[]): RankGroup[] {
  const byRank = new Map<number, Face[]>();
  for (const card of hand) {
    const rank = ddzRank(card);
    const cards = byRank.get(rank);
    if (cards === undefined) byRank.set(rank, [card]);
    else cards.push(card);
  }
  return [...byRank.entries()].sort((a, b) => a[0] - b[0]).map(([rank, cards]) => ({ rank, cards }));
}

/** One card of each consecutive rank from `rank` up, never past the A (DDZ-COMBO-7). */
function straightFrom(groups: readonly RankGroup[], rank: number): Face[] {
  const run: Face[] = [];
  for (let r = rank; r <= DDZ_ACE; r += 1) {
    const card = groups.find((g) => g.rank === r)?.cards[0];
    if (card === undefined) break;
    run.push(card);
  }
  return run;
}
