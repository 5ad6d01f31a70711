/**
 * The producer contract: the producer API's answers and the overlay cue lists, as plain
 * types and `as const` lists with no zod. The overlays import this barrel at run time as
 * `@tablecast/protocol/producer` (their pages' JS budget has no room for zod); the server gets the
 * same types from `@tablecast/protocol`.
 */
export * from './overlay-cues';
export * from './obs-status';
export * from './rundown';
export * from './overlay-pages';
export * from './delay-clock';
export * from './director';
export * from './director-log';
export * from './lower-third-captions';
export * from './producer-state';
export * from './program';
export * from './turn-clock-health';
