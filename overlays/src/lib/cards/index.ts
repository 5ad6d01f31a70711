export { cardLook, handSortKey, rankLabel, sortForHand, type CardLook } from './card-look';
export { cardImage, cardMarkup, type CardImage } from './card-markup';
export { SUIT_PATHS, STAR_PATH } from './suit-paths';
export { default as Card } from './Card.svelte';
