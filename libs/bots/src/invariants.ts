import { doubleDeck, type CardId } from '@tablecast/cards';
import type { GuandanEvent, MatchState } from '@tablecast/guandan';

/**
 * Checks the rules engine's invariants after every event of a simulated match (the same ones the
 * rules library's playout tests assert): each physical card exactly once across the hands, the
 * cards played this deal and a tribute on the table (GD-DECK-1); levels within 2 … A+ (GD-LVL-1/5).
 * Returns the problems found; empty when all hold.
 */
export class InvariantChecker {
  private played = new Set<CardId>();

  observe(event: GuandanEvent, after: MatchState): string[] {
    if (event.type === 'HandStarted') this.played = new Set();
    if (event.type === 'CardsPlayed') for (const card of event.data.cards) this.played.add(card);
    return [...this.levelProblems(after), ...this.conservationProblems(after)];
  }

  private levelProblems(state: MatchState): string[] {
    const { NS, EW } = state.levels;
    return [NS, EW].every((level) => level >= 0 && level <= 13)
      ? []
      : [`GD-LVL-1: levels out of range ${String(NS)}/${String(EW)}`];
  }

  private conservationProblems(state: MatchState): string[] {
    const hand = state.hand;
    if (hand === null || hand.order.length === 0) return [];
    const seen = new Map<CardId, number>();
    const count = (card: CardId): void => {
      seen.set(card, (seen.get(card) ?? 0) + 1);
    };
    for (const seat of ['S', 'E', 'N', 'W'] as const) hand.hands[seat].forEach(count);
    this.played.forEach(count);
    // A tribute handed over but not yet assigned (double tribute, GD-TRIB-4) is on the table.
    if (hand.assignments.length === 0) for (const tribute of hand.tributesGiven) count(tribute.card);
    const problems: string[] = [];
    for (const card of doubleDeck()) {
      const times = seen.get(card) ?? 0;
      if (times !== 1) problems.push(`GD-DECK-1: card ${card} is held or played ${String(times)} times`);
    }
    return problems;
  }
}
