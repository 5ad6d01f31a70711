import type { Face } from '@tablecast/cards';
import { beats, classify, ddzLegalPlays, sameDdzReading } from '../combos';
import { scoreBoard as scoreDdzBoard, type DdzScore, type DdzScoreInput } from '../scoring';
import type { PlayReading } from './commands';

/** The engine's view of the combination rules (DDZ-COMBO-*, DDZ-CMP-*), kept in src/combos. */
export function classifyPlay(cards: readonly Face[]): readonly PlayReading[] {
  return classify(cards);
}

export function playBeats(play: PlayReading, current: PlayReading): boolean {
  return beats(play, current);
}

export function sameReading(a: PlayReading, b: PlayReading): boolean {
  return sameDdzReading(a, b);
}

export type BoardScoreInput = DdzScoreInput;
export type BoardScore = DdzScore;

/** DDZ-SCORE-1…4 (DDZ-DBL-3: the redouble counts only against a defender who doubled). */
export function scoreBoard(input: BoardScoreInput): BoardScore {
  return scoreDdzBoard(input);
}

export interface LegalPlay {
  readonly cards: readonly Face[];
  readonly as: PlayReading;
}

/** Every distinct legal play (plays differing only in suits are one play). */
export function legalPlaysFor(hand: readonly Face[], toBeat: PlayReading | null): readonly LegalPlay[] {
  return ddzLegalPlays(hand, toBeat);
}
