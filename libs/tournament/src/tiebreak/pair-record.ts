import type { ResultKind, SideScore } from '../scoring/result';

/** One round of a pair, from its own side. */
export interface RoundRecord {
  readonly round: number;
  readonly resultId: string;
  readonly kind: ResultKind;
  /** Null for a bye. */
  readonly opponent: string | null;
  readonly own: SideScore;
  readonly theirs: SideScore | null;
  /** For a forfeit, who forfeited. */
  readonly forfeitedBy?: string;
}

/** A pair's event so far: the totals and every round they came from. */
export interface PairRecord {
  readonly entrant: string;
  readonly matchTenths: number;
  readonly levelPoints: number;
  readonly levelDifference: number;
  readonly rounds: readonly RoundRecord[];
  /** Its place in the standings after the previous round (TRN-TB-2 step 7); null before round 2. */
  readonly previousRank: number | null;
}

/** How a round ended for the pair, draws apart from wins (TRN-TB-2 steps 3–4). */
export function outcome(round: RoundRecord): 'won' | 'drawn' | 'lost' | 'bye' | 'forfeitWon' | 'forfeitLost' {
  switch (round.kind) {
    case 'bye':
      return 'bye';
    case 'forfeit':
      return round.forfeitedBy === round.opponent ? 'forfeitWon' : 'forfeitLost';
    case 'played': {
      const theirs = round.theirs?.matchTenths ?? 0;
      return round.own.matchTenths > theirs ? 'won' : round.own.matchTenths === theirs ? 'drawn' : 'lost';
    }
  }
}
