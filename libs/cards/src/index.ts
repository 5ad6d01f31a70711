// @tablecast/cards: card faces, physical cards, the seeded shuffle and deck commitments.
// The barrel is the only import target of this library.
export {
  FACES,
  JOKERS,
  RANKS,
  SUITS,
  faceAt,
  faceIndex,
  isFace,
  isJoker,
  isRank,
  makeFace,
  rankIndex,
  rankOf,
  suitOf,
  type Face,
  type Joker,
  type Rank,
  type Suit,
  type SuitedFace,
} from './face';
export {
  COPIES,
  copyOfCard,
  doubleDeck,
  doubleDeckProblem,
  faceOfCard,
  isCardId,
  makeCard,
  type CardId,
  type Copy,
  type DeckProblem,
} from './card';
export { nextBelow, seededPrng, type Prng } from './prng';
export { seededShuffle, shuffleWith } from './shuffle';
export { deckCommitment, deckCommitmentPreimage, verifyDeckCommitment } from './commitment';
