import { RANKS, faceOfCard, type CardId, type Joker, type Rank } from '@tablecast/cards/view';
import { beats, classify, type Reading } from '@tablecast/guandan/view';
import type { ConsoleMatch } from './console-match';
import { rankLabel } from '../../../lib/cards/card-look';
import { messages, type Lang } from '../../../lib/i18n';
import { consoleMessages } from './console-messages';

/** How many natural positions a sequence spans (GD-COMBO-3/5/7/9). */
function runLength(reading: Reading): number {
  switch (reading.type) {
    case 'straight':
    case 'straightFlush':
      return 5;
    case 'pairSequence':
      return 3;
    case 'tripleSequence':
      return 2;
    default:
      return 0;
  }
}

function rankText(rank: Rank | Joker, lang: Lang): string {
  const cards = messages[lang].cards;
  if (rank === 'BJ') return cards.smallJoker;
  if (rank === 'RJ') return cards.bigJoker;
  return rankLabel(rank);
}

/** A reading in the operator's words: `顺子 4–8`, `三带对 K`, `同花顺 红心10–A`. */
export function describeReading(reading: Reading, lang: Lang): string {
  const text = consoleMessages[lang];
  const combo = text.combos[reading.type];
  const span = runLength(reading);
  const rank = reading.rank;
  if (rank === undefined) return combo;
  if (span > 0 && rank !== 'BJ' && rank !== 'RJ') {
    // GD-RANK-2: the reading names its top position; A as a top is A-high, position 0 is A-low.
    const top = rank === 'A' ? 13 : RANKS.indexOf(rank) + 1;
    const low = top - span + 1;
    const atPosition = (p: number): Rank => (p === 0 || p === 13 ? 'A' : (RANKS[p - 1] ?? 'A'));
    const suit = reading.suit === undefined ? '' : messages[lang].cards.suits[reading.suit];
    return text.readingRun(combo, rankLabel(atPosition(low)), rankLabel(atPosition(top)), suit);
  }
  return text.readingTop(combo, rankText(rank, lang));
}

/**
 * The readings an operator may declare for an ambiguous play (GD-WILD-5): those of the cards that
 * beat the play to beat, or every reading if none does (the server will then name the rule).
 */
export function declarableReadings(state: ConsoleMatch, cards: readonly CardId[]): Reading[] {
  const hand = state.hand;
  if (hand === null) return [];
  const readings = classify(cards.map(faceOfCard), hand.level, state.ruleset);
  const toBeat = hand.trick?.last?.as ?? null;
  const legal = toBeat === null ? readings : readings.filter((r) => beats(r, toBeat, hand.level));
  return legal.length > 0 ? legal : readings;
}
