// @tablecast/games/testing: what tests and test helpers outside the game libraries need of the
// registered games (a seeded Guandan playout, its rulesets, its state type), through the registry.
export {
  RULESETS as GUANDAN_RULESETS,
  playRandomMatch as playRandomGuandanMatch,
  type MatchState as GuandanState,
  type RulesetName as GuandanRulesetName,
} from '@tablecast/guandan';
