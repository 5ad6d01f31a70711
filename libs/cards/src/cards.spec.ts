import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FACES,
  deckCommitment,
  doubleDeck,
  doubleDeckProblem,
  faceOfCard,
  isCardId,
  isFace,
  seededPrng,
  seededShuffle,
  verifyDeckCommitment,
} from './index';

describe('cards (GD-DECK-1)', () => {
  it('has 54 faces and a 108-card double deck with every face exactly twice', () => {
    expect(FACES).toHaveLength(54);
    const deck = doubleDeck();
    expect(deck).toHaveLength(108);
    expect(new Set(deck).size).toBe(108);
    const perFace = new Map<string, number>();
    for (const card of deck) perFace.set(faceOfCard(card), (perFace.get(faceOfCard(card)) ?? 0) + 1);
    expect([...perFace.values()].every((n) => n === 2)).toBe(true);
    expect(doubleDeckProblem(deck)).toBeNull();
  });

  it('reads the oracle notation: HT is the ♥10, BJ/RJ are jokers, copies a/b', () => {
    expect(isFace('HT')).toBe(true);
    expect(isFace('H10')).toBe(false);
    expect(isFace('SJ')).toBe(true); // ♠J, not a joker in this notation
    expect(isCardId('BJa')).toBe(true);
    expect(isCardId('RJc')).toBe(false);
    expect(doubleDeckProblem([...doubleDeck().slice(1), 'S3a'])).toEqual({
      message: 'card listed twice: S3a',
      messageZh: '同一张牌出现两次：S3a',
    });
  });
});

describe('seeded shuffle (GD-DEAL-5)', () => {
  it('is deterministic per seed and a permutation', () => {
    const a = seededShuffle(doubleDeck(), 'final-2026-hand-1');
    const b = seededShuffle(doubleDeck(), 'final-2026-hand-1');
    const c = seededShuffle(doubleDeck(), 'final-2026-hand-2');
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(doubleDeckProblem(a)).toBeNull();
  });

  it('draws roughly uniformly (chi-square sanity check over 8 buckets)', () => {
    const prng = seededPrng('uniformity');
    const buckets = new Array<number>(8).fill(0);
    const n = 80_000;
    for (let i = 0; i < n; i += 1) {
      const bucket = prng.next() >>> 29;
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    const expected = n / 8;
    const chi = buckets.reduce((sum, x) => sum + (x - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(30); // 7 degrees of freedom: p < 1e-4 above 30
  });
});

describe('deck commitment', () => {
  it('matches an independently computed sha256 and verifies only the right order and salt', () => {
    const order = doubleDeck();
    const commitment = deckCommitment(order, 'salt-1');
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyDeckCommitment(commitment, order, 'salt-1')).toBe(true);
    expect(verifyDeckCommitment(commitment, order, 'salt-2')).toBe(false);
    expect(verifyDeckCommitment(commitment, [...order].reverse(), 'salt-1')).toBe(false);
    // Cross-check against Node's own sha256 over the documented canonical encoding.
    const preimage = `tablecast-deck-v1\n${order.join(',')}\nsalt-1`;
    expect(commitment).toBe(createHash('sha256').update(preimage, 'utf8').digest('hex'));
  });
});
