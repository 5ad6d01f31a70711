export { default as CardFan } from './CardFan.svelte';
export { default as SeatPlay } from './SeatPlay.svelte';
export { default as SkinLowerThird } from './SkinLowerThird.svelte';
export { default as SkinScorebug } from './SkinScorebug.svelte';
export { default as SkinStandings } from './SkinStandings.svelte';
export { rankByTotal, signed, type SeatTotal } from './score';
export type { LowerThirdFact, ScorebugPlayer } from './skin-parts';
export { seatAction, toAct, type BoardToAct, type SeatAction, type TrickOnTable } from './trick';
