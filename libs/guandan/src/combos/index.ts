export { classify, classifyCounts } from './classify';
export { beats } from './compare';
export { DEFAULT_COMBO_RULES, type ComboRules } from './counts';
export {
  forEachLegalPlay,
  hasLegalPlay,
  legalPlays,
  legalPlaysOfType,
  type Play,
  type PlayVisitor,
} from './legal-plays';
export { rankPower } from './order';
