import type { TournamentEvent } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import {
  decideTournament,
  evolveTournament,
  initialTournamentState,
  projectTournament,
  type TournamentCommand,
  type TournamentProjection,
  type TournamentState,
} from '@tablecast/tournament';

const NOW = '2026-05-01T09:00:00.000Z';

/**
 * A Guandan game's result as its module reports it (GD-SCORE-2): the pairing's first pair plays NS.
 * `levels` are where each pair stood at the end (the result's `standing`), level points from `points`.
 */
export function guandanGame(
  winner: 'a' | 'b' | 'level',
  levels: [string, string],
  points: [number, number],
): MatchResult {
  const [a, b] = winner === 'a' ? [20, 0] : winner === 'b' ? [0, 20] : [10, 10];
  return {
    reason: 'dealsPlayed',
    rule: 'GD-SCORE-2',
    winner: winner === 'a' ? 'NS' : winner === 'b' ? 'EW' : null,
    sides: [
      { side: 'NS', matchPoints: a, score: points[0], standing: levels[0] },
      { side: 'EW', matchPoints: b, score: points[1], standing: levels[1] },
    ],
    boards: [],
  };
}

/**
 * A 4-pair Guandan knockout played best of 3 (TRN-KO-5 (b)), round 1 paired, published and seated:
 * table n plays game 1 as `ko.r1.tn.g1`. Games are recorded through the tournament's own decider.
 */
export class BestOfStream {
  state: TournamentState = initialTournamentState;
  readonly log: TournamentEvent[] = [];
  readonly pairs: readonly { match: string; a: string; b: string }[];

  constructor() {
    this.run({
      type: 'CreateTournament',
      tournamentId: 'ko',
      name: 'Cup',
      game: 'guandan',
      ruleset: 'cga2017',
      stages: [
        { format: 'singleKnockout', venue: 'onSite', rounds: 2, unit: { games: 3, bestOf: true, deals: 2 } },
      ],
      options: { pairingRules: '000', firstRound: 'fold', whenNoLegalPairing: 'refuse', byeScore: null },
    });
    for (let i = 1; i <= 4; i++)
      this.run({
        type: 'RegisterEntrant',
        entrant: `S${String(i)}`,
        name: `Seed ${String(i)}`,
        unit: null,
        seed: i,
      });
    const [paired] = this.run({ type: 'PairRound', seed: null, now: NOW });
    if (paired?.type !== 'RoundPaired') throw new Error('no pairing');
    this.pairs = paired.data.pairs;
    this.run({ type: 'PublishRound', round: 1, now: NOW });
    for (const [i, p] of this.pairs.entries())
      this.run({
        type: 'AssignMatch',
        round: 1,
        match: p.match,
        table: i + 1,
        matchId: `ko.r1.t${String(i + 1)}.g1`,
      });
  }

  run(command: TournamentCommand): readonly TournamentEvent[] {
    const decision = decideTournament(command, this.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) this.state = evolveTournament(this.state, event);
    this.log.push(...decision.events);
    return decision.events;
  }

  record(matchId: string, result: MatchResult): this {
    this.run({ type: 'RecordGameResult', matchId, result, now: NOW });
    return this;
  }

  projection(): TournamentProjection {
    return projectTournament(this.log);
  }
}
