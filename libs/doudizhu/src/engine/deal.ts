import { deckCommitment, seededShuffle, singleDeck, type Face } from '@tablecast/cards';
import { DeckCommittedSchema, DeckRevealedSchema } from '../events/deal-events';

/** DDZ-DEAL-1: card `i` < 51 goes to seat `i mod 3`, 17 each; the last three are the kitty. */
export function dealOut(order: readonly Face[]): { hands: [Face[], Face[], Face[]]; kitty: Face[] } {
  const hands: [Face[], Face[], Face[]] = [[], [], []];
  for (let i = 0; i < 51; i += 1) {
    const card = order[i];
    if (card !== undefined) hands[i % 3]?.push(card);
  }
  return { hands, kitty: order.slice(51) };
}

/**
 * The order of the board's `redeal`-th deal. Redeals (DEC-DDZ-1) are derived from the board's seed
 * (or, for an entered order, its salt, unpublished until the board ends), so every duplicate table
 * that passes the board out gets the same redeal.
 */
export function boardOrder(seed: string, redeal: number): Face[] {
  return seededShuffle(singleDeck(), redeal === 0 ? seed : `${seed}#redeal-${String(redeal)}`);
}

/** The public commitment to a deal: every table playing the board publishes the same one. */
export function dealCommitment(order: readonly Face[], salt: string): string {
  return deckCommitment(order, salt);
}

/** One deal of a board at one table, as its log records it. */
export interface DealAudit {
  readonly redeal: number;
  /** The table's DeckCommitted for this deal. */
  readonly committed: string;
  /** Its DeckRevealed (order and salt), null until revealed. */
  readonly revealed: { readonly order: readonly Face[]; readonly salt: string } | null;
  /** Whether sha256(order + salt) of the reveal is the commitment; null until revealed. */
  readonly matches: boolean | null;
}

const CommittedData = DeckCommittedSchema.shape.data;
const RevealedData = DeckRevealedSchema.shape.data;

/**
 * DDZ-GEN-1: what a viewer checks of a board at one table from its log alone (the game's events,
 * unprefixed types): each deal's DeckCommitted, and its DeckRevealed hashed against it. A deal
 * revealed with an order or salt other than the committed one does not match.
 */
export function auditBoardDeals(
  events: readonly { readonly type: string; readonly data: unknown }[],
  board: number,
): DealAudit[] {
  const deals: DealAudit[] = [];
  for (const event of events) {
    if (event.type === 'DeckCommitted') {
      const data = CommittedData.parse(event.data);
      if (data.board === board)
        deals.push({ redeal: data.redeal, committed: data.commitment, revealed: null, matches: null });
    } else if (event.type === 'DeckRevealed') {
      const data = RevealedData.parse(event.data);
      const at = deals.findIndex((d) => data.board === board && d.redeal === data.redeal);
      const deal = deals[at];
      if (deal === undefined) continue;
      deals[at] = {
        ...deal,
        revealed: { order: data.order, salt: data.salt },
        matches: dealCommitment(data.order, data.salt) === deal.committed,
      };
    }
  }
  return deals;
}
