export { B2_RANKS, B2_SUITS, bigTwoDeck, cardValue, compareBigTwoFaces } from './card-value';
