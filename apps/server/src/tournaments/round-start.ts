import { Injectable } from '@nestjs/common';
import { boardsPerRound, isDuplicateGame, roundBoardSets } from '@tablecast/tournament';
import type { Principal } from '../auth/roles';
import { BoardSets } from '../boards/board-sets.service';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchExistsError } from '../matches/match.errors';
import { RequestValidationError } from '../errors';
import { TournamentConflictError } from './tournament.errors';
import { TournamentService } from './tournament.service';
import { roundTables, startedTable, tableMatchBody, type StartedTable } from './round-tables';

export type { StartedTable } from './round-tables';

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
 *
 * A duplicate round (TRN-MP-1) also gets its boards: one set per comparison set, dealt from a
 * sealed seed whose commitment the stream records (RoundBoardSetCreated), then set at each of its
 * tables (BoardAssigned), whose DealBoards then play it in order (table-boards.ts).
 */
@Injectable()
export class RoundStart {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly matches: MatchCommandService,
    private readonly boards: BoardSets,
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
    // TRN-KO-5 (b): a best-of knockout round starts with each pairing's first game; the games after
    // it are created as the decider assigns them (knockout-game-tables.ts).
    const bestOfKnockout = unit.bestOf && stage.format === 'singleKnockout';
    if (unit.bestOf && !bestOfKnockout)
      throw new RequestValidationError([
        {
          path: 'tournament.stages.unit.bestOf',
          message:
            'a round starts its matches at the tables for a fixed number of deals, or as a best-of ' +
            `knockout (TRN-KO-5 (b)) (this event: ${created.game}, ${stage.format}, best of ${String(unit.games)})`,
        },
      ]);
    const tables = roundTables(held, (table) => {
      const first = tableMatchId(tournamentId, round, table);
      return bestOfKnockout ? `${first}.g1` : first;
    });
    const played = bestOfKnockout ? bestOfGame(unit.deals ?? 1) : unit;
    for (const seated of tables) {
      if (seated.assigned) continue;
      try {
        // The game builds its own create request from the table and who sits there.
        await this.matches.create(tableMatchBody(state, played, seated, venueTable(seated.table)), principal);
      } catch (error) {
        // A start cut short (a crash, a lost connection) created this match already: keep it.
        if (!(error instanceof MatchExistsError)) throw error;
      }
    }
    const assignments = tables
      .filter(({ assigned }) => !assigned)
      .map(({ match, table, matchId }) => ({
        type: 'AssignMatch' as const,
        round,
        match,
        table,
        matchId,
      }));
    if (assignments.length > 0) await this.tournaments.run(tournamentId, assignments, principal);
    if (isDuplicateGame(created.game) && held.tables.size > 0)
      await this.dealRoundBoards(tournamentId, round, principal);
    return tables.map(startedTable);
  }

  /**
   * TRN-MP-1: the round's board sets, created (each once: the board store gives a set begun before
   * a crash back unchanged) and recorded, then each set at its comparison set's tables. Every step
   * skips what an earlier, interrupted start already did.
   */
  private async dealRoundBoards(tournamentId: string, round: number, principal: Principal): Promise<void> {
    const { state } = (await this.tournaments.existing(tournamentId)).projection;
    const held = state.rounds[round - 1];
    const game = state.created?.game ?? '';
    if (held === undefined || !isDuplicateGame(game)) return;
    const plans = roundBoardSets(tournamentId, game, held);
    const creations = plans
      .filter((plan) => !held.boardSets.has(plan.set))
      .map((plan) => {
        const declared = plan.matches.map((match) => venueTable(held.tables.get(match)?.table ?? 0));
        const set = this.boards.createRoundSet({
          set: plan.set,
          game,
          boards: boardsPerRound(state),
          declared,
        });
        const boards = [...set.boards];
        return { type: 'CreateRoundBoardSet' as const, round, group: plan.group, ...set, boards };
      });
    if (creations.length > 0) await this.tournaments.run(tournamentId, creations, principal);
    const assignments = plans.flatMap((plan) =>
      plan.matches
        .filter((match) => held.tables.get(match)?.boardSet === undefined)
        .map((match) => ({ type: 'AssignBoardSet' as const, round, match, set: plan.set })),
    );
    if (assignments.length > 0) await this.tournaments.run(tournamentId, assignments, principal);
  }
}

/**
 * One game of a best-of knockout round as the game's match builder takes a unit of play: a match of
 * the stage's set number of deals (TRN-KO-5 (b): each game 计时计副制; the extra deal on top: one).
 */
export const bestOfGame = (deals: number): { readonly games: number; readonly bestOf: false } => ({
  games: deals,
  bestOf: false,
});
