import { deckCommitment } from '@tablecast/cards/view';
import { describe, expect, it } from 'vitest';
import { recordedView } from '../on-air/testing';
import { revealedDeck, verifyDeal } from './verify-deal';

/** Web Crypto (the browser's, here Node's) against the commitment the rules engine published. */
describe('verify this deal', () => {
  const deck = revealedDeck(recordedView('revealed', 'broadcast').deck);

  it('a deal revealed on the recorded broadcast feed verifies against its commitment', async () => {
    if (deck === null) throw new Error('the recorded broadcast frame has no revealed deck');
    expect(deck.order).toHaveLength(108);
    expect(await verifyDeal(deck)).toBe(true);
    expect(deckCommitment(deck.order, deck.salt)).toBe(deck.commitment);
  });

  it('a tampered order, salt or commitment does not', async () => {
    if (deck === null) throw new Error('no revealed deck');
    const swapped = [deck.order[1] ?? '', deck.order[0] ?? '', ...deck.order.slice(2)];
    expect(await verifyDeal({ ...deck, order: swapped })).toBe(false);
    expect(await verifyDeal({ ...deck, salt: `${deck.salt}x` })).toBe(false);
    expect(
      await verifyDeal({
        ...deck,
        commitment: deck.commitment.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      }),
    ).toBe(false);
  });

  it('has nothing to verify on venue, or before the reveal', () => {
    expect(revealedDeck(recordedView('revealed', 'venue').deck)).toBeNull();
    expect(revealedDeck(recordedView('trick', 'broadcast').deck)).toBeNull();
  });
});
