import { faceIndex, type Face } from '@tablecast/cards';

export const BJ_INDEX = 52;
export const RJ_INDEX = 53;
export const HEARTS = 1;

/** Face index of the heart level card, the wildcard (GD-WILD-1): suit H is suit index 1. */
export function wildFaceIndex(levelIdx: number): number {
  return HEARTS * 13 + levelIdx;
}

/** A multiset of faces as 54 counts (faceIndex order), the engine's working form of a hand or play. */
export function countFaces(faces: readonly Face[]): Uint8Array {
  const counts = new Uint8Array(54);
  for (const face of faces) counts[faceIndex(face)] = (counts[faceIndex(face)] ?? 0) + 1;
  return counts;
}

export interface ComboRules {
  /** GD-COMBO-8, DEC-GD-7. */
  readonly maxBombLength: number;
  /** Q-SF, DEC-GD-4. */
  readonly sameSuitRunMayBeStraight: boolean;
}

export const DEFAULT_COMBO_RULES: ComboRules = { maxBombLength: 10, sameSuitRunMayBeStraight: true };
