import { deckCommitment, seededShuffle, type Face } from '@tablecast/cards';
import { BIGTWO_FACES, SEATS, type PerSeat, type Seat } from '../events/primitives';

/** B2-DEAL-1: card `i` goes to seat `i mod 4` from S, 13 each. */
export function dealOut(order: readonly Face[]): PerSeat<Face[]> {
  const hands: Record<Seat, Face[]> = { S: [], E: [], N: [], W: [] };
  order.forEach((card, i) => {
    hands[SEATS[i % 4] ?? 'S'].push(card);
  });
  return hands;
}

/** B2-DEAL-2: the software's shuffle of the 52 cards, from the board's seed. */
export function boardOrder(seed: string): Face[] {
  return seededShuffle([...BIGTWO_FACES], seed);
}

/** The public commitment to a deal: every table playing the board publishes the same one. */
export function dealCommitment(order: readonly Face[], salt: string): string {
  return deckCommitment(order, salt);
}

/** B2-DEAL-1 check of an entered order: the 52 cards of one deck, each once. */
export function deckProblem(order: readonly string[]): string | null {
  if (order.length !== 52) return `a Big Two deal has 52 cards, got ${String(order.length)}`;
  const known = new Set<string>(BIGTWO_FACES);
  const seen = new Set<string>();
  for (const card of order) {
    if (!known.has(card)) return `not a Big Two card: ${card}`;
    if (seen.has(card)) return `card listed twice: ${card}`;
    seen.add(card);
  }
  return null;
}

/** B2-TERM-1: 首家 holds ♦3. */
export function holderOfD3(hands: PerSeat<readonly Face[]>): Seat {
  return SEATS.find((s) => hands[s].includes('D3')) ?? 'S';
}
