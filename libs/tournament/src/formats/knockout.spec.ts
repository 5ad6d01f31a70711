import { describe, expect, it } from 'vitest';
import { knockoutResultProblem, resolveBracket, type Bracket } from './bracket';
import { doubleElimination } from './double-elimination';
import { bracketLines, singleKnockout } from './knockout';

const seeds = (n: number): string[] => Array.from({ length: n }, (_, i) => `S${i + 1}`);

/** Plays a bracket to the end, the better seed (lower number) winning every match unless told otherwise. */
function playOut(bracket: Bracket, upset: (a: string, b: string, id: string) => boolean = () => false) {
  const winners: Record<string, string> = {};
  for (;;) {
    const ready = resolveBracket(bracket, winners).matches.filter((m) => m.ready);
    if (ready.length === 0) return { winners, ...resolveBracket(bracket, winners) };
    for (const m of ready) {
      const [a, b] = [m.a ?? '', m.b ?? ''];
      const better = Number(a.slice(1)) < Number(b.slice(1)) ? a : b;
      const worse = better === a ? b : a;
      winners[m.id] = upset(a, b, m.id) ? worse : better;
    }
  }
}

describe('TRN-KO-1/2 single elimination', () => {
  it('TRN-KO-2: the 32-pair chart (000 附录五): positions 1–32 over the two halves, seeds 1–8 in their own eighths', () => {
    const lines = bracketLines(32);
    expect(lines).toEqual([
      1, 32, 16, 17, 8, 25, 9, 24, 4, 29, 13, 20, 5, 28, 12, 21, 2, 31, 15, 18, 7, 26, 10, 23, 3, 30, 14, 19,
      6, 27, 11, 22,
    ]);
    // Round 1 sets position k against 33 − k; the quarters hold seeds 1/8, 4/5, 2/7 and 3/6.
    for (let m = 0; m < 16; m += 1) expect((lines[2 * m] ?? 0) + (lines[2 * m + 1] ?? 0)).toBe(33);
    const quarters = [0, 1, 2, 3].map((q) =>
      lines
        .slice(q * 8, q * 8 + 8)
        .filter((seed) => seed <= 8)
        .sort(),
    );
    expect(quarters).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
    const upper = lines.slice(0, 16);
    const lower = lines.slice(16);
    expect(upper).toContain(1);
    expect(lower).toContain(2);
    const eighth = (seed: number): number => Math.floor(lines.indexOf(seed) / 4);
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map(eighth)).size).toBe(8);
    expect(new Set(lines).size).toBe(32);
  });

  it('TRN-KO-2: with 24 pairs, the 8 seeds take the first-round byes', () => {
    const bracket = singleKnockout(seeds(24));
    const round1 = resolveBracket(bracket, {}).matches.filter((m) => m.round === 1);
    expect(round1).toHaveLength(16);
    const byes = round1.filter((m) => m.b === 'bye' || m.a === 'bye').map((m) => m.winner);
    expect(byes.sort()).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8'].sort());
    expect(round1.filter((m) => m.ready)).toHaveLength(8);
  });

  it('TRN-KO-1: the loser is out, the winner goes on until one pair remains; seeds 1 and 2 meet only in the final', () => {
    const bracket = singleKnockout(seeds(16));
    const result = playOut(bracket);
    const final = result.matches.find((m) => m.id === 'R4-M1');
    expect([final?.a, final?.b]).toEqual(['S1', 'S2']);
    expect(result.placings).toEqual([
      { place: 1, entrant: 'S1' },
      { place: 2, entrant: 'S2' },
    ]);
    expect(bracket.matches).toHaveLength(15);
  });

  it('TRN-KO-1: a third-place play-off between the semi-final losers', () => {
    const result = playOut(singleKnockout(seeds(8), { thirdPlace: true }), (_a, _b, id) => id === 'P3');
    expect(result.placings).toEqual([
      { place: 1, entrant: 'S1' },
      { place: 2, entrant: 'S2' },
      { place: 3, entrant: 'S4' },
      { place: 4, entrant: 'S3' },
    ]);
  });

  it('TRN-KO-4: a knockout match must produce a winner; a draw is refused, naming the rule', () => {
    const [first] = resolveBracket(singleKnockout(seeds(4)), {}).matches;
    if (first === undefined) throw new Error('no match');
    expect(knockoutResultProblem(first, { draw: true })).toMatch(/^TRN-KO-4/);
    expect(knockoutResultProblem(first, { winner: 'S9' })).toMatch(/^winner/);
    expect(knockoutResultProblem(first, { winner: 'S4' })).toBeNull();
  });

  it('TRN-KO-1: bad fields are named', () => {
    expect(() => singleKnockout(['a'])).toThrow(/^entrants/);
    expect(() => singleKnockout(['a', 'a'])).toThrow(/^entrants/);
    expect(() => singleKnockout(['a', 'bye'])).toThrow(/^entrants/);
    expect(() => bracketLines(12)).toThrow(/^size/);
  });
});

describe('TRN-KO-3 double elimination', () => {
  it('TRN-KO-3: 16 pairs follow the digest table round by round (WB 8/4/2/1, LB 4/4/2/2/1/1, then the final)', () => {
    const bracket = doubleElimination(seeds(16));
    const count = (prefix: string, round: number): number =>
      bracket.matches.filter((m) => m.id.startsWith(prefix) && m.round === round).length;
    expect([1, 2, 3, 4].map((r) => count('WB-', r))).toEqual([8, 4, 2, 1]);
    expect([2, 3, 4, 5, 6, 7].map((r) => count('LB', r))).toEqual([4, 4, 2, 2, 1, 1]);
    const lb2 = bracket.matches.find((m) => m.id === 'LB2-M1');
    expect(lb2).toMatchObject({ a: { kind: 'winner', of: 'LB1-M1' }, b: { kind: 'loser', of: 'WB-R2-M1' } });
    const lb6 = bracket.matches.find((m) => m.id === 'LB6-M1');
    expect(lb6).toMatchObject({ round: 7, b: { kind: 'loser', of: 'WB-R4-M1' } });
    expect(bracket.matches.find((m) => m.id === 'GF1')).toMatchObject({ round: 8 });
  });

  it('TRN-KO-3: a pair is out after its second loss; the winners-bracket 1st meets the losers-bracket 1st', () => {
    // S2 loses the winners' final to S1, then wins the losers' bracket and the final.
    const result = playOut(doubleElimination(seeds(16)), (a, b, id) => id === 'GF1' && [a, b].includes('S2'));
    const losses = new Map<string, number>();
    for (const m of result.matches)
      if (m.loser !== null && m.loser !== 'bye' && !m.skipped)
        losses.set(m.loser, (losses.get(m.loser) ?? 0) + 1);
    for (const [entrant, lost] of losses) expect(lost, entrant).toBeLessThanOrEqual(2);
    expect([...losses.values()].filter((lost) => lost === 2)).toHaveLength(14);
    expect(result.placings).toEqual([
      { place: 1, entrant: 'S2' },
      { place: 2, entrant: 'S1' },
      { place: 3, entrant: 'S3' },
    ]);
  });

  it('TRN-KO-3: under "losers must win twice" a second final is played only when the losers-bracket pair wins the first', () => {
    const options = { grandFinal: 'losersMustWinTwice' } as const;
    const straight = playOut(doubleElimination(seeds(8), options));
    expect(straight.matches.find((m) => m.id === 'GF2')?.skipped).toBe(true);
    expect(straight.placings[0]).toEqual({ place: 1, entrant: 'S1' });
    const reset = playOut(doubleElimination(seeds(8), options), (_a, _b, id) => id === 'GF1');
    expect(reset.matches.find((m) => m.id === 'GF2')).toMatchObject({ skipped: false, winner: 'S1' });
    expect(reset.placings.slice(0, 2)).toEqual([
      { place: 1, entrant: 'S1' },
      { place: 2, entrant: 'S2' },
    ]);
  });

  it('TRN-KO-3: byes in the winners bracket leave byes in the losers bracket, and the event still finishes', () => {
    const result = playOut(doubleElimination(seeds(6)));
    expect(result.placings[0]).toEqual({ place: 1, entrant: 'S1' });
    expect(result.matches.filter((m) => m.ready)).toHaveLength(0);
  });
});
