import type { Bracket, BracketMatch, Slot } from './bracket';
import { bracketSize, eliminationRounds, entrantsProblem, firstRoundSlots } from './knockout';

const BYE: Slot = { kind: 'bye' };

export interface DoubleEliminationOptions {
  /**
   * 附录六 leaves the final's method to the regulations: 'single' (the default) decides 1st and 2nd
   * in one match; 'losersMustWinTwice' adds a second match when the losers'-bracket pair wins the
   * first, since the winners'-bracket pair has not lost yet.
   */
  readonly grandFinal?: 'single' | 'losersMustWinTwice';
}

/**
 * TRN-KO-3: double elimination. The winners' bracket is a single elimination; its losers drop into
 * the losers' bracket, which alternates a round among its survivors with a round against the
 * losers of the next winners' round, in the positions of the original seed sections
 * (Interpretation: the continuation the digest gives for 16 pairs, from the source's rounds 2–3).
 * The winners'-bracket 1st meets the losers'-bracket 1st in the final.
 */
export function doubleElimination(
  seeded: readonly string[],
  options: DoubleEliminationOptions = {},
): Bracket {
  entrantsProblem(seeded);
  const size = bracketSize(seeded.length);
  if (size < 4) throw new RangeError(`entrants: double elimination needs at least 3, got ${seeded.length}`);
  const wb = eliminationRounds(firstRoundSlots(seeded, size), 'WB-');
  const lb: BracketMatch[] = [];
  const losersOf = (round: readonly BracketMatch[]): Slot[] =>
    round.map((m) => ({ kind: 'loser', of: m.id }));
  const pairUp = (slots: readonly Slot[], lbRound: number): Slot[] => {
    const out: Slot[] = [];
    for (let m = 0; m * 2 + 1 < slots.length; m += 1) {
      const id = `LB${lbRound}-M${m + 1}`;
      lb.push({ id, round: lbRound + 1, a: slots[m * 2] ?? BYE, b: slots[m * 2 + 1] ?? BYE });
      out.push({ kind: 'winner', of: id });
    }
    return out;
  };
  const against = (survivors: readonly Slot[], dropping: readonly Slot[], lbRound: number): Slot[] =>
    survivors.map((a, m): Slot => {
      const id = `LB${lbRound}-M${m + 1}`;
      lb.push({ id, round: lbRound + 1, a, b: dropping[m] ?? BYE });
      return { kind: 'winner', of: id };
    });

  // LB-1: the losers of WB round 1 among themselves; then, per later WB round, a round against its
  // losers, followed by a round among the survivors while more than one is left.
  let lbRound = 1;
  let survivors = pairUp(losersOf(wb[0] ?? []), lbRound);
  for (let r = 1; r < wb.length; r += 1) {
    lbRound += 1;
    survivors = against(survivors, losersOf(wb[r] ?? []), lbRound);
    if (survivors.length > 1) {
      lbRound += 1;
      survivors = pairUp(survivors, lbRound);
    }
  }
  const wbFinal = wb[wb.length - 1]?.[0];
  const lbFinal = lb[lb.length - 1];
  if (wbFinal === undefined || lbFinal === undefined)
    throw new RangeError('entrants: too few for double elimination');
  const finalRound = Math.max(wbFinal.round, lbFinal.round) + 1;
  const gf: BracketMatch = {
    id: 'GF1',
    round: finalRound,
    a: { kind: 'winner', of: wbFinal.id },
    b: { kind: 'winner', of: lbFinal.id },
  };
  const matches = [...wb.flat(), ...lb, gf];
  if (options.grandFinal === 'losersMustWinTwice') {
    matches.push({
      id: 'GF2',
      round: finalRound + 1,
      a: { kind: 'winner', of: 'GF1' },
      b: { kind: 'loser', of: 'GF1' },
      onlyIf: { winnerOf: 'GF1', is: 'b' },
    });
    return {
      matches,
      places: [
        { place: 1, winnerOf: 'GF2' },
        { place: 2, loserOf: 'GF2' },
        { place: 3, loserOf: lbFinal.id },
      ],
    };
  }
  return {
    matches,
    places: [
      { place: 1, winnerOf: 'GF1' },
      { place: 2, loserOf: 'GF1' },
      { place: 3, loserOf: lbFinal.id },
    ],
  };
}
