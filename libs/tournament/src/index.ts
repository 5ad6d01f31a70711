// @tablecast/tournament: formats, pairings, scoring tables, tie-breaks and duplicate scoring for
// events around a match (the TRN-* rules). Game-neutral: a game's result reaches it through the
// game-kit contract. The barrel is the only import target of this library.
export const TOURNAMENT_RULES_PREFIX = 'TRN' as const;

// Scoring, tie-breaks, duplicate matchpoints and standings (TRN-SCORE, TRN-TB, TRN-MP, TRN-WD).
export * from './scoring';
export * from './tiebreak';
export * from './standings';
