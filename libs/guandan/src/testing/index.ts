// @tablecast/guandan/testing: what other packages' tests use to play real Guandan matches (seeded
// random playouts under a ruleset) without reaching into this library's src/.
export { playRandomMatch, type PlayoutOptions, type PlayoutResult, type PlayoutStep } from '../sim/playout';
export { RULESETS, cga2017, type Ruleset } from '../ruleset/ruleset';
export type { GuandanEvent } from '../events/catalog';
export type { MatchState } from '../engine/state';
export { guandanView } from '../module/view';
// The rule catalog, for tests elsewhere that check the GD-* IDs they word or cite exist.
export { GUANDAN_RULE_CATALOG } from '../rule-catalog';
