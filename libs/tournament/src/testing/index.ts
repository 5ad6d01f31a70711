/**
 * Test helpers other packages use (`@tablecast/tournament/testing`): seeded events for the
 * standings' specs and benchmarks. Tests and benches only; nothing in production imports this subpath.
 */
export { seededEvent, seededRandom, shuffled, type SeededEvent } from './seeded-event';
