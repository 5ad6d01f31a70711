export { cardLook, rankLabel, type CardLook } from './card-look';
export { NO_MARKS, type CardMark, type CardMarks } from './card-mark';
export { cardImage, cardMarkup, type CardImage } from './card-markup';
export { SUIT_PATHS, STAR_PATH } from './suit-paths';
export { default as Card } from './Card.svelte';
