// @tablecast/cards/view: what a screen needs to draw and check cards, with no shuffling and no
// dealing: faces, ranks and suits, card ids, the Dou Dizhu rank order for sorting a hand, and the deck
// commitment a spectator recomputes to verify a deal. The overlays import this subpath only.
export {
  FACES,
  JOKERS,
  RANKS,
  SUITS,
  isFace,
  isJoker,
  isRank,
  rankIndex,
  rankOf,
  suitOf,
  type Face,
  type Joker,
  type Rank,
  type Suit,
  type SuitedFace,
} from './face';
export { faceOfCard, isCardId, type CardId } from './card';
export { DDZ_RANKS, compareDdzFaces, ddzRank, ddzRankName, type DdzRank } from './ddz-order';
export { deckCommitment, deckCommitmentPreimage, verifyDeckCommitment } from './commitment';
