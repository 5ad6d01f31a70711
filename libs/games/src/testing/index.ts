// @tablecast/games/testing: what tests, benches and scripts outside the game libraries need of the
// registered games (a seeded Guandan playout, its bots' moves, its rulesets and module, its engine
// state and events for a harness that folds a match itself), through the registry.
export {
  RULESETS as GUANDAN_RULESETS,
  cga2017 as guandanCga2017,
  decide as decideGuandan,
  decideFolded as decideFoldedGuandan,
  evolve as evolveGuandan,
  guandanEventTypes,
  guandanSeatBotCommand,
  SEATS as GUANDAN_SEATS,
  guandanModule,
  initialState as guandanInitialState,
  playRandomMatch as playRandomGuandanMatch,
  randomLegalCommand as randomLegalGuandanCommand,
  type GuandanCommand,
  type GuandanEvent,
  type GuandanView,
  type MatchState as GuandanState,
  type RulesetName as GuandanRulesetName,
} from '@tablecast/guandan';
export { foldGuandanTimeline, foldTimeline, type TimelineEvent } from './fold-timeline';
export { guandanBotGame } from './guandan-bot-game';
export { guandanHttpBots, readGuandanForBots } from './guandan-http-bots';
export { guandanMatchRequest } from './guandan-match-request';
export { guandanSeatMove } from './guandan-seat-move';
