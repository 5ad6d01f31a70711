import { deckCommitmentPreimage } from '@tablecast/cards/view';

/**
 * "Verify this deal" in the spectator's own browser: recompute the deck commitment from the
 * revealed order and salt with Web Crypto and compare it with the commitment published before the
 * deal. The canonical text is the one the rules engine hashed (`deckCommitmentPreimage` in
 * @tablecast/cards), so the two can never drift apart.
 */
export async function sha256Hex(
  text: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function verifyDeal(
  deck: { readonly commitment: string; readonly order: readonly string[]; readonly salt: string },
  subtle?: SubtleCrypto,
): Promise<boolean> {
  const recomputed = await sha256Hex(deckCommitmentPreimage(deck.order, deck.salt), subtle);
  return recomputed === deck.commitment.toLowerCase();
}

/** The revealed deck of a view, or null while the order is not public (venue, or deal in progress). */
export function revealedDeck(
  deck: {
    readonly handNumber: number;
    readonly commitment: string | null;
    readonly salt: string | null;
    readonly order: readonly string[] | null;
  } | null,
): { handNumber: number; commitment: string; order: readonly string[]; salt: string } | null {
  if (deck?.commitment == null || deck.salt === null || deck.order === null) return null;
  return { handNumber: deck.handNumber, commitment: deck.commitment, order: deck.order, salt: deck.salt };
}
