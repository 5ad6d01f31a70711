import type { TournamentEvent } from '@tablecast/events';
import type { MatchResult } from '@tablecast/game-kit';
import { decideTournament, type TournamentCommand } from './decide';
import { evolveTournament, initialTournamentState, type TournamentState } from './state';

// A duplicate Swiss event's stream for the specs: decided and folded as the server does, one
// command at a time, with table results built per seat.

export const NOW = '2026-05-01T09:00:00.000Z';

export const duplicateSwiss = (game: string, tablesPerGroup?: number): TournamentCommand => ({
  type: 'CreateTournament',
  tournamentId: 'ddz2026',
  name: 'Dou Dizhu Open',
  game,
  ruleset: 'cga2017',
  stages: [{ format: 'duplicateSwiss', venue: 'onSite', rounds: 3, unit: { games: 1, bestOf: false } }],
  options: {
    pairingRules: '000',
    firstRound: 'lot',
    whenNoLegalPairing: 'refuse',
    byeScore: null,
    ...(tablesPerGroup === undefined ? {} : { tablesPerGroup }),
  },
});

/** Runs commands through the decider; `run` needs each accepted, `rejects` names the rule of a refusal. */
export class Stream {
  state: TournamentState = initialTournamentState;
  readonly events: TournamentEvent[] = [];
  run(command: TournamentCommand): readonly TournamentEvent[] {
    const decision = decideTournament(command, this.state);
    if (!decision.ok) throw new Error(`${decision.rule}: ${decision.message}`);
    for (const event of decision.events) {
      this.state = evolveTournament(this.state, event);
      this.events.push(event);
    }
    return decision.events;
  }
  rejects(command: TournamentCommand): string {
    const decision = decideTournament(command, this.state);
    if (decision.ok) throw new Error(`accepted: ${JSON.stringify(decision.events)}`);
    return decision.rule;
  }
}

export function entered(game: string, players: number, tablesPerGroup?: number): Stream {
  const s = new Stream();
  s.run(duplicateSwiss(game, tablesPerGroup));
  for (let i = 1; i <= players; i++)
    s.run({
      type: 'RegisterEntrant',
      entrant: `P${String(i)}`,
      name: `Player ${String(i)}`,
      unit: null,
      seed: null,
    });
  return s;
}

/** A Dou Dizhu table's result: one board, its deal `deal`, seat scores in seat order. */
export const ddzResult = (deal: string, scores: readonly number[]): MatchResult => ({
  reason: 'boardsPlayed',
  rule: 'DDZ-SCORE-5',
  winner: null,
  sides: scores.map((score, seat) => ({ side: String(seat), matchPoints: 0, score })),
  boards: [
    { board: '1', deal, scores: Object.fromEntries(scores.map((score, seat) => [String(seat), score])) },
  ],
});

/** A table's result of one board `deal` with each seat's score and own play time, in seat order (S, E, N, W for Big Two). */
export const timedResult = (
  seatIds: readonly string[],
  deal: string,
  scores: readonly number[],
  seconds: readonly number[],
): MatchResult => ({
  reason: 'boardsPlayed',
  rule: null,
  winner: null,
  sides: seatIds.map((side, i) => ({ side, matchPoints: 0, score: scores[i] ?? 0 })),
  boards: [
    {
      board: '1',
      deal,
      scores: Object.fromEntries(seatIds.map((seat, i) => [seat, scores[i] ?? 0])),
      seconds: Object.fromEntries(seatIds.map((seat, i) => [seat, seconds[i] ?? 0])),
    },
  ],
});

/** Pairs (with a seed in round 1), publishes and starts the round: each table's match id is its match name. */
export function seatRound(s: Stream, seed: string | null): number {
  s.run({ type: 'PairRound', seed, now: NOW });
  const round = s.state.rounds.length;
  s.run({ type: 'PublishRound', round, now: NOW });
  for (const table of s.state.rounds[round - 1]?.tables.values() ?? [])
    s.run({
      type: 'AssignMatch',
      round,
      match: table.match,
      table: table.table,
      matchId: `m.${table.match}`,
    });
  return round;
}

export const seatsOf = (s: Stream, round: number): string[][] =>
  [...(s.state.rounds[round - 1]?.tables.values() ?? [])].map((t) => [...t.seats]);
