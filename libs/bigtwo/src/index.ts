// @tablecast/bigtwo: the Big Two (竞技锄大地) rules engine. The barrel is the only import target of this library.
export const BIGTWO_GAME = 'bigtwo' as const;
// Cards, combinations, comparison, legal plays and scoring (the pure card logic).
export { B2_RANKS, B2_SUITS, bigTwoDeck, cardValue, compareBigTwoFaces } from './cards';
export {
  B2_COMBO_TYPES,
  BigTwoRulesSchema,
  DEC_B2_2_CARD_POINTS,
  DEFAULT_BIGTWO_RULES,
  b2ReadingKey,
  beats,
  classify,
  hasLegalPlay,
  legalPlays,
  sameB2Reading,
  type B2ComboType,
  type B2Play,
  type B2Reading,
  type BigTwoRules,
} from './combos';
export {
  cardPoints,
  playerFactor,
  scoreBoard,
  type B2PlayerResult,
  type B2Score,
  type B2ScoreInput,
} from './scoring';
export {
  BIGTWO_DECISIONS,
  BIGTWO_RULES,
  BIGTWO_RULE_CATALOG,
  BIGTWO_SOURCES,
  catalogIds,
  type CatalogEntry,
  type RuleCatalog,
  type SourceDocument,
} from './rule-catalog';
export { answerBigTwoOracleLine, type B2OracleResponse } from './oracle/oracle';
export { B2OracleRequestSchema, B2ReadingSchema, type B2OracleRequest } from './oracle/requests';
