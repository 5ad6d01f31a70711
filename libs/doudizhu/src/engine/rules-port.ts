import type { Face } from '@tablecast/cards';
import { beats, classify, ddzLegalPlays, sameDdzReading } from '../combos';
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

export interface BoardScoreInput {
  readonly bid: 1 | 2 | 3;
  readonly doubled: readonly [boolean, boolean];
  readonly redoubled: boolean;
  readonly bombs: number;
  readonly rockets: number;
  readonly spring: boolean;
  readonly antiSpring: boolean;
  readonly winner: 'landlord' | 'defenders';
}

export interface BoardScore {
  readonly defenders: readonly [number, number];
  readonly landlord: number;
}

/**
 * DDZ-SCORE-1…4: defender i scores bid × W × 2^n_i, n_i = rockets + bombs + spring + anti-spring
 * + d_i + d_i × r (DDZ-DBL-3: the redouble counts only against a defender who doubled); the
 * landlord scores minus their sum.
 */
export function scoreBoard(input: BoardScoreInput): BoardScore {
  const w = input.winner === 'defenders' ? 1 : -1;
  const shared = input.rockets + input.bombs + (input.spring ? 1 : 0) + (input.antiSpring ? 1 : 0);
  const one = (doubled: boolean): number => {
    const d = doubled ? 1 : 0;
    return input.bid * w * 2 ** (shared + d + d * (input.redoubled ? 1 : 0));
  };
  const defenders = [one(input.doubled[0]), one(input.doubled[1])] as const;
  return { defenders, landlord: -(defenders[0] + defenders[1]) };
}

export interface LegalPlay {
  readonly cards: readonly Face[];
  readonly as: PlayReading;
}

/** Every distinct legal play (plays differing only in suits are one play). */
export function legalPlaysFor(hand: readonly Face[], toBeat: PlayReading | null): readonly LegalPlay[] {
  return ddzLegalPlays(hand, toBeat);
}
