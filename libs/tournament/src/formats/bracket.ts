/** Where a side of a bracket match comes from. */
export type Slot =
  | { readonly kind: 'entrant'; readonly id: string }
  | { readonly kind: 'bye' }
  | { readonly kind: 'winner'; readonly of: string }
  | { readonly kind: 'loser'; readonly of: string };

export interface BracketMatch {
  /** e.g. "R1-M3", "LB2-M1", "GF1". */
  readonly id: string;
  /** The tournament round in which it is played, from 1. */
  readonly round: number;
  readonly a: Slot;
  readonly b: Slot;
  /** A match played only when its condition holds (the grand-final reset). */
  readonly onlyIf?: { readonly winnerOf: string; readonly is: 'b' };
}

export interface Bracket {
  readonly matches: readonly BracketMatch[];
  /** The matches whose winners take the places, best first: [1st from, …]. */
  readonly places: readonly {
    readonly place: number;
    readonly winnerOf?: string;
    readonly loserOf?: string;
  }[];
}

/** A side once the bracket is resolved: an entrant id, BYE, or null while not known yet. */
export type Side = string | null;

/** The side that stands for a bye; no entrant may take this id (checked when a bracket is built). */
export const BYE = 'bye';

export interface ResolvedMatch {
  readonly id: string;
  readonly round: number;
  readonly a: Side;
  readonly b: Side;
  /** Decided: an entrant, or 'bye' when both sides were byes; null while undecided or not played. */
  readonly winner: Side;
  readonly loser: Side;
  /** True when the match is to be played now: both sides known entrants, no result yet. */
  readonly ready: boolean;
  /** True when the match will not be played (a reset the bracket did not need). */
  readonly skipped: boolean;
}

/**
 * Resolves a bracket against the winners recorded so far: who plays whom, who is through on a
 * bye (a side facing a bye advances without playing; its "loser" is a bye), and who placed where.
 */
export function resolveBracket(
  bracket: Bracket,
  winners: Readonly<Record<string, string>>,
): { matches: ResolvedMatch[]; placings: { place: number; entrant: Side }[] } {
  const done = new Map<string, ResolvedMatch>();
  const side = (slot: Slot): Side => {
    switch (slot.kind) {
      case 'entrant':
        return slot.id;
      case 'bye':
        return BYE;
      case 'winner':
        return done.get(slot.of)?.winner ?? null;
      case 'loser':
        return done.get(slot.of)?.loser ?? null;
    }
  };
  for (const match of bracket.matches) {
    const a = side(match.a);
    const b = side(match.b);
    let winner: Side = null;
    let loser: Side = null;
    let skipped = false;
    if (match.onlyIf !== undefined) {
      const earlier = done.get(match.onlyIf.winnerOf);
      if (earlier?.winner != null && earlier.winner !== earlier.b) skipped = true;
    }
    if (skipped) {
      winner = a;
      loser = b;
    } else if (a === BYE || b === BYE) {
      winner = a === BYE ? b : a;
      loser = BYE;
    } else if (a !== null && b !== null) {
      const recorded = winners[match.id];
      if (recorded === a || recorded === b) {
        winner = recorded;
        loser = recorded === a ? b : a;
      }
    }
    done.set(match.id, {
      id: match.id,
      round: match.round,
      a,
      b,
      winner,
      loser,
      ready: !skipped && a !== null && b !== null && a !== 'bye' && b !== 'bye' && winner === null,
      skipped,
    });
  }
  const placings = bracket.places.map(({ place, winnerOf, loserOf }) => {
    const from = done.get(winnerOf ?? loserOf ?? '');
    return { place, entrant: (winnerOf !== undefined ? from?.winner : from?.loser) ?? null };
  });
  return { matches: [...done.values()], placings };
}

/**
 * TRN-KO-4: every knockout match must produce a winner; a draw or a stranger is refused. Returns
 * the problem, or null when the result can be recorded.
 */
export function knockoutResultProblem(
  match: ResolvedMatch,
  result: { readonly winner: string } | { readonly draw: true },
): string | null {
  if (!match.ready) return `match: ${match.id} is not ready to be played`;
  if (!('winner' in result))
    return `TRN-KO-4: ${match.id} must produce a winner; play one more deal to separate the sides`;
  if (result.winner !== match.a && result.winner !== match.b)
    return `winner: ${result.winner} is not playing ${match.id}`;
  return null;
}

/**
 * TRN-WD-2, knockout: a pair that withdraws (or forfeits, TRN-KO-6) concedes its current match and
 * the opponent advances. Returns the winners with that match recorded, or the problem.
 */
export function withdrawFromBracket(
  bracket: Bracket,
  winners: Readonly<Record<string, string>>,
  entrant: string,
):
  | { ok: true; winners: Record<string, string>; match: string; advances: string }
  | { ok: false; error: string } {
  const current = resolveBracket(bracket, winners).matches.find(
    (m) => m.ready && (m.a === entrant || m.b === entrant),
  );
  if (current === undefined) return { ok: false, error: `entrant: ${entrant} has no match to concede now` };
  const advances = (current.a === entrant ? current.b : current.a) ?? '';
  return { ok: true, winners: { ...winners, [current.id]: advances }, match: current.id, advances };
}
