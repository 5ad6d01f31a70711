export { classify, classifyCounts } from './classify';
export { beats } from './compare';
export {
  ddzLegalPlays,
  forEachDdzLegalPlay,
  hasDdzLegalPlay,
  type DdzPlay,
  type DdzPlayVisitor,
} from './legal-plays';
export {
  DDZ_COMBO_TYPES,
  ROCKET_READING,
  ddzReadingKey,
  isBombOrRocket,
  sameDdzReading,
  type DdzComboType,
  type DdzReading,
} from './reading';
