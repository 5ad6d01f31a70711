import { Injectable } from '@nestjs/common';
import type { PairingState, TournamentState } from '@tablecast/tournament';
import type { Principal } from '../auth/roles';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchExistsError } from '../matches/match.errors';
import { RequestValidationError } from '../errors';
import { TournamentConflictError } from './tournament.errors';
import { TournamentService } from './tournament.service';

/** One pairing of a started round: its table and the game match played there. */
export interface StartedTable {
  readonly table: number;
  readonly match: string;
  readonly matchId: string;
  readonly a: string;
  readonly b: string;
}

/** The venue table id of table `n` (operator tokens are scoped to it). */
export const venueTable = (table: number): string => `t${String(table)}`;

/** The game match of a pairing: the tournament, the round and the table, so every system names it alike. */
export const tableMatchId = (tournamentId: string, round: number, table: number): string =>
  `${tournamentId}.r${String(round)}.t${String(table)}`;

/**
 * Starts a published round's matches at the tables: each pairing (in pairing order, so table 1 is
 * the top pairing, as the 000 pairing sheets number them) gets a game match created through the
 * match command path, with the event's game and ruleset and the entrants as its sides, and the
 * assignment is recorded in the tournament stream (MatchAssigned). Starting again after a partial
 * start finishes it: a match created before is kept, an assigned pairing keeps its table.
 */
@Injectable()
export class RoundStart {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly matches: MatchCommandService,
  ) {}

  async start(tournamentId: string, round: number, principal: Principal): Promise<StartedTable[]> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const state = projection.state;
    const held = state.rounds[round - 1];
    if (held === undefined)
      throw new TournamentConflictError(
        `tournament ${tournamentId}: round ${String(round)} is not paired`,
        'TC-TRN-STATE',
      );
    if (held.publishedAt === null)
      throw new TournamentConflictError(
        `tournament ${tournamentId}: round ${String(round)} is not published; a pairing is played once it is`,
        'TC-TRN-STATE',
      );
    const created = state.created;
    const stage = created?.stages[held.stage - 1];
    const unit = stage?.unit;
    if (created === null || stage === undefined || unit === undefined)
      throw new Error('a paired round has a stage');
    // TRN-KO-5 (b): a best-of knockout round starts with each pairing's first game (knockout-game-tables.ts).
    const bestOfKnockout = unit.bestOf && stage.format === 'singleKnockout';
    if (created.game !== 'guandan' || (unit.bestOf && !bestOfKnockout))
      throw new RequestValidationError([
        {
          path: created.game !== 'guandan' ? 'tournament.game' : 'tournament.stages.unit.bestOf',
          message:
            'a round starts its matches at the tables for Guandan played as a fixed number of deals, ' +
            'or as a best-of knockout (TRN-KO-5 (b)) ' +
            `(this event: ${created.game}, ${unit.bestOf ? 'best of' : ''} ${String(unit.games)})`,
        },
      ]);
    const tables = [...held.pairings.values()].map((pairing, i) => {
      const table = pairing.table ?? i + 1;
      const first = tableMatchId(tournamentId, round, table);
      return { pairing, table, matchId: pairing.matchId ?? (bestOfKnockout ? `${first}.g1` : first) };
    });
    const deals = bestOfKnockout ? (unit.deals ?? 1) : unit.games;
    for (const { pairing, table, matchId } of tables) {
      if (pairing.matchId !== undefined) continue;
      try {
        await this.matches.create(matchBody(state, deals, pairing, table, matchId), principal);
      } catch (error) {
        // A start cut short (a crash, a lost connection) created this match already: keep it.
        if (!(error instanceof MatchExistsError)) throw error;
      }
    }
    const assignments = tables
      .filter(({ pairing }) => pairing.matchId === undefined)
      .map(({ pairing, table, matchId }) => ({
        type: 'AssignMatch' as const,
        round,
        match: pairing.match,
        table,
        matchId,
      }));
    if (assignments.length > 0) await this.tournaments.run(tournamentId, assignments, principal);
    return tables.map(({ pairing, table, matchId }) => ({
      table,
      match: pairing.match,
      matchId,
      a: pairing.a,
      b: pairing.b,
    }));
  }
}

/**
 * The create request of a pairing's game match. Guandan: the first pair of the pairing sits NS
 * (S and N), the second EW, as the tournament scores the game's first side for the pairing's
 * first pair; the event's unit of play (TRN-EVT-3: `games` deals, not best-of) is the match's
 * fixed number of deals (GD-FMT-2).
 */
export function matchBody(
  state: TournamentState,
  deals: number,
  pairing: PairingState,
  table: number,
  matchId: string,
): unknown {
  const side = (entrant: string) => {
    const held = state.entrants.get(entrant);
    const name = held?.name ?? entrant;
    const players = name.split('/').map((p) => p.trim());
    const [first, second] =
      players.length === 2 && players.every((p) => p.length > 0) ? players : [`${name} 1`, `${name} 2`];
    return {
      team: { id: entrant, name: clip(name) },
      players: [
        { id: `${entrant}.1`, name: clip(first ?? name) },
        { id: `${entrant}.2`, name: clip(second ?? name) },
      ],
    };
  };
  const a = side(pairing.a);
  const b = side(pairing.b);
  return {
    game: 'guandan',
    matchId,
    table: venueTable(table),
    ruleset: state.created?.ruleset,
    format: { kind: 'fixedDeals', deals },
    teams: { NS: a.team, EW: b.team },
    players: [
      { ...a.players[0], seat: 'S' },
      { ...b.players[0], seat: 'E' },
      { ...a.players[1], seat: 'N' },
      { ...b.players[1], seat: 'W' },
    ],
  };
}

const clip = (name: string): string => name.slice(0, 64);
