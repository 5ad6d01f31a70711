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
