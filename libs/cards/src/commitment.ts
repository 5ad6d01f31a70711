import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The canonical text a deck commitment hashes: a version tag, the dealt order as comma-separated
 * card ids, and the salt, one per line. Publishing this format lets anyone verify a reveal.
 */
export function deckCommitmentPreimage(order: readonly string[], salt: string): string {
  return `tablecast-deck-v1\n${order.join(',')}\n${salt}`;
}

/**
 * Hex sha256 of the canonical encoding of the dealt order plus a salt. Published before the cards
 * are dealt (DeckCommitted) and checked against the revealed order and salt after the deal ends
 * (DeckRevealed), so a broadcast can prove the deal was fixed in advance. The salt comes from
 * outside (server randomness): without it a 108-card order could not be guessed anyway, but the
 * salt keeps equal deals from having equal commitments.
 */
export function deckCommitment(order: readonly string[], salt: string): string {
  return bytesToHex(sha256(utf8ToBytes(deckCommitmentPreimage(order, salt))));
}

export function verifyDeckCommitment(commitment: string, order: readonly string[], salt: string): boolean {
  return deckCommitment(order, salt) === commitment.toLowerCase();
}
