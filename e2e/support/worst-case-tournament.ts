import type { TournamentFeedView, TournamentPairingView } from '@tablecast/protocol';

/** The longest entrant name the setup allows (64 characters), in Chinese or in Latin letters. */
function longName(script: 'cjk' | 'latin', n: number): string {
  const base =
    script === 'cjk' ? `江苏省无锡市第${String(n)}代表队` : `Jiangsu Wuxi Delegation Number ${String(n)} `;
  return base.repeat(8).slice(0, 64);
}

/**
 * A Guandan swiss round at its widest for the "other tables" ticker: eight tables, 64-character
 * team names, live scores, finished results and a table still waiting, so the band holds more than
 * its width and must cut it at its ends.
 */
export function worstCaseTournament(script: 'cjk' | 'latin'): TournamentFeedView {
  const entrants = Array.from({ length: 16 }, (_, i) => ({
    entrant: `P${String(i + 1)}`,
    number: i + 1,
    name: longName(script, i + 1),
    unit: null,
    seed: i + 1,
    withdrawn: false,
  }));
  const pairings: TournamentPairingView[] = Array.from({ length: 8 }, (_, i) => {
    const [a, b] = [`P${String(2 * i + 1)}`, `P${String(2 * i + 2)}`];
    const matchId = `worst.r1.t${String(i + 1)}`;
    const kind = i % 3;
    return {
      match: `r1.t${String(i + 1)}`,
      a,
      b,
      table: i + 1,
      matchId,
      result:
        kind === 2
          ? {
              kind: 'played',
              source: 'game',
              a: { entrant: a, matchPoints: '2', levelPoints: 9 },
              b: { entrant: b, matchPoints: '0', levelPoints: -9 },
              forfeitedBy: null,
            }
          : null,
      live:
        kind === 0
          ? {
              matchId,
              status: 'live',
              played: 12,
              score: [
                { side: longName(script, 2 * i + 1), value: 'A' },
                { side: longName(script, 2 * i + 2), value: '10' },
              ],
              asOf: '2026-11-29T12:00:00.000Z',
            }
          : null,
    };
  });
  return {
    tournamentId: 'worst',
    name: longName(script, 0),
    game: 'guandan',
    ruleset: 'cga2017',
    format: 'swiss',
    stage: 1,
    revision: 1,
    entrants,
    standings: [],
    tiebreakOrder: [],
    rounds: [{ round: 1, stage: 1, format: 'swiss', published: true, pairings, bye: null, byes: [] }],
  };
}
