export { classify } from './classify';
export { beats } from './compare';
export { hasLegalPlay, legalPlays, type B2Play } from './legal-plays';
export { B2_COMBO_TYPES, b2ReadingKey, sameB2Reading, type B2ComboType, type B2Reading } from './reading';
export { BigTwoRulesSchema, DEC_B2_2_CARD_POINTS, DEFAULT_BIGTWO_RULES, type BigTwoRules } from './rules';
