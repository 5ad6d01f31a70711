// @tablecast/doudizhu: the Dou Dizhu (竞技二打一) rules engine. The barrel is the only import target of this library.
export const DOUDIZHU_GAME = 'doudizhu' as const;
export {
  DDZ_COMBO_TYPES,
  ROCKET_READING,
  beats,
  classify,
  classifyCounts,
  ddzLegalPlays,
  ddzReadingKey,
  forEachDdzLegalPlay,
  hasDdzLegalPlay,
  isBombOrRocket,
  sameDdzReading,
  type DdzComboType,
  type DdzPlay,
  type DdzPlayVisitor,
  type DdzReading,
} from './combos';
export {
  DEFAULT_RANKING_POINTS,
  boardStandings,
  defenderFactors,
  rankingPoints,
  roundStandings,
  scoreBoard,
  type BoardStanding,
  type RoundEntry,
  type RoundStanding,
  type DdzDefenderFactors,
  type DdzScore,
  type DdzScoreInput,
} from './scoring';
export {
  DOUDIZHU_DECISIONS,
  DOUDIZHU_RULES,
  DOUDIZHU_RULE_CATALOG,
  DOUDIZHU_SOURCES,
  catalogIds,
  type CatalogEntry,
  type RuleCatalog,
  type SourceDocument,
} from './rule-catalog';
export { answerDoudizhuOracleLine, type DdzOracleResponse } from './oracle/oracle';
export { DdzOracleRequestSchema, DdzReadingSchema, type DdzOracleRequest } from './oracle/requests';
