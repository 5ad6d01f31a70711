// @tablecast/cards: card faces, physical cards (two-deck and one-deck packs), the seeded shuffle,
// deck commitments and the Dou Dizhu rank order.
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
export { singleDeck, singleDeckProblem } from './single-deck';
export {
  DDZ_ACE,
  DDZ_BIG_JOKER,
  DDZ_RANKS,
  DDZ_SMALL_JOKER,
  DDZ_TWO,
  compareDdzFaces,
  ddzRank,
  ddzRankName,
  type DdzRank,
} from './ddz-order';
export { nextBelow, seededPrng, type Prng } from './prng';
export { seededShuffle, shuffleWith } from './shuffle';
export { deckCommitment, deckCommitmentPreimage, verifyDeckCommitment } from './commitment';
