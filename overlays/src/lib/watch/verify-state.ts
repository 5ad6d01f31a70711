/** A deal's check against its commitment, as the page shows it. */
export type VerifyState = 'unrevealed' | 'checking' | 'verified' | 'tampered';

/** The badge for a deck: checked in this browser as soon as its order and salt are public. */
export function verifyStateOf(revealed: boolean, outcome: boolean | 'checking' | null): VerifyState {
  if (!revealed) return 'unrevealed';
  if (outcome === null || outcome === 'checking') return 'checking';
  return outcome ? 'verified' : 'tampered';
}
