// @tablecast/guandan/view: what a Guandan screen needs, and nothing that decides a match: the view
// and wire types, seats and teams, levels, readings and their names, and the pure helpers a screen
// uses to show a play (classify a selection, compare it with the play to beat, list the legal plays
// for the operator to pick from). The overlays import this subpath only; the engine's decider,
// evolve, rulesets and simulation stay behind the main barrel.
export type { EventOf, GuandanEvent, GuandanEventType } from './events/catalog';
export { COMBO_NAMES_ZH, readingNameZh } from './model/reading-names';
export {
  COMBO_TYPES,
  isBombClass,
  readingKey,
  sameReading,
  type ComboType,
  type Reading,
} from './model/reading';
export {
  SEATS,
  TEAMS,
  nextSeat,
  otherTeam,
  partnerOf,
  previousSeat,
  seatsOf,
  teamOf,
  type Seat,
  type Team,
} from './model/seats';
export { ACE_LEVEL, PAST_ACE, levelName, levelRank } from './model/levels';
export { beats, classify, legalPlays, rankPower, type Play } from './combos';
export type { HandState, LastHand, MatchState, PerSeat, PerTeam, TrickState } from './engine/state';
export { physical } from './sim/random-bot';
export type { GuandanHandView, GuandanSeatView, GuandanView } from './module/view';
export type { Ruleset } from './ruleset/ruleset';
