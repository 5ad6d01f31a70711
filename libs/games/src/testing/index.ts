// @tablecast/games/testing: what tests and test helpers outside the game libraries need of the
// registered games (a seeded Guandan playout, its bots' moves, its rulesets and module, its state
// type), through the registry.
export {
  RULESETS as GUANDAN_RULESETS,
  cga2017 as guandanCga2017,
  guandanModule,
  playRandomMatch as playRandomGuandanMatch,
  randomLegalCommand as randomLegalGuandanCommand,
  type MatchState as GuandanState,
  type RulesetName as GuandanRulesetName,
} from '@tablecast/guandan';
