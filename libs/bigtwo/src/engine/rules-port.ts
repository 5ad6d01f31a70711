import type { Face } from '@tablecast/cards';
import { DEFAULT_BIGTWO_RULES, beats, classify, legalPlays, type B2Play, type BigTwoRules } from '../combos';
import { scoreBoard } from '../scoring';
import type { BigTwoRuleset } from '../events/match-events';
import { SEATS, perSeat, type PerSeat } from '../events/primitives';
import type { PlayReading } from './commands';

/** The combination and scoring rules a ruleset plays under (B2-CMP-4's key card; DEC-B2-1/2). */
export function rulesOf(ruleset: BigTwoRuleset): BigTwoRules {
  return ruleset.straightKey === DEFAULT_BIGTWO_RULES.straightKey
    ? DEFAULT_BIGTWO_RULES
    : { ...DEFAULT_BIGTWO_RULES, straightKey: ruleset.straightKey };
}

/** B2-COMBO-1…9: the reading of the cards, or null when they are no combination. */
export function classifyPlay(cards: readonly Face[], rules: BigTwoRules): PlayReading | null {
  return classify(cards, rules);
}

/** B2-CMP-1…5: whether `play` beats `toBeat`. */
export function playBeats(play: PlayReading, toBeat: PlayReading, rules: BigTwoRules): boolean {
  return beats(play, toBeat, rules);
}

/** A legal play: its faces and its reading. */
export type LegalPlay = B2Play;

/** Every distinct combination that may be played on `toBeat` (or led, on null). */
export function combinationsFor(
  hand: readonly Face[],
  toBeat: PlayReading | null,
  rules: BigTwoRules,
): readonly LegalPlay[] {
  return legalPlays(hand, toBeat, rules);
}

/** B2-SCORE-1/2 (DEC-B2-2): card points and the pairwise scores, per seat. */
export function scoreSeats(
  input: PerSeat<{ left: number; showed: boolean; doubled: boolean }>,
  rules: BigTwoRules,
): { cardPoints: PerSeat<number>; scores: PerSeat<number> } {
  const { cardPoints, scores } = scoreBoard({ players: SEATS.map((s) => input[s]) }, rules);
  const at = (values: readonly number[], i: number): number => values[i] ?? 0;
  return {
    cardPoints: perSeat((s) => at(cardPoints, SEATS.indexOf(s))),
    scores: perSeat((s) => at(scores, SEATS.indexOf(s))),
  };
}
