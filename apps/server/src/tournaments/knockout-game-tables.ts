import { Injectable } from '@nestjs/common';
import type { KnockoutGameState } from '@tablecast/tournament';
import type { Principal } from '../auth/roles';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchExistsError } from '../matches/match.errors';
import { bestOfGame, venueTable } from './round-start';
import { tableMatchBody } from './round-tables';
import { TournamentService } from './tournament.service';

/**
 * The extra deal is played on top of the game before it (TRN-KO-5 (b)): where each pair stood when
 * that game ended, so the game's builder plays on from there (Guandan: DEC-GD-15).
 */
export function onTopOf(
  games: readonly KnockoutGameState[] = [],
  game: KnockoutGameState,
): { readonly standings: readonly (string | null)[] } | undefined {
  if (!game.extraDeal) return undefined;
  const below = games[games.indexOf(game) - 1];
  return { standings: [below?.standing?.a ?? null, below?.standing?.b ?? null] };
}

/** Who sets a best-of round's next game at its table: the platform, as the table's referee. */
export const KNOCKOUT_GAMES_PRINCIPAL: Principal = {
  role: 'referee',
  table: null,
  actorId: 'tournament:knockout-games',
};

/**
 * TRN-KO-5 (b): a best-of knockout round's games after the first. The tournament's decider assigns
 * the next game (MatchAssigned with `game` 2, 3, … or `extraDeal`) when a game's result leaves the
 * round undecided; this creates that game's match at the same table, between the same pairs, with
 * the stage's deals per game (the extra deal: one deal). The match id is the one the decider
 * derived (`<event>.r<round>.t<table>.g<n>`, the extra deal `….x`), so a restart that finds the
 * game assigned and not created creates the same one, and one created already is kept.
 */
@Injectable()
export class KnockoutGameTables {
  constructor(
    private readonly tournaments: TournamentService,
    private readonly matches: MatchCommandService,
  ) {}

  /** Creates the assigned game `matchId` if it is a best-of round's later game without a match yet. */
  async createIfAssigned(tournamentId: string, matchId: string): Promise<boolean> {
    const { projection } = await this.tournaments.existing(tournamentId);
    const state = projection.state;
    for (const round of state.rounds)
      for (const pairing of round.pairings.values()) {
        const game = pairing.games?.find((g) => g.matchId === matchId);
        if (game === undefined) continue;
        // Game 1 is the round start's; a decided round plays no more games.
        if (game.game === 1 || round.results.has(pairing.match)) return false;
        const deals = game.extraDeal ? 1 : (state.created?.stages[round.stage - 1]?.unit.deals ?? 1);
        const table = pairing.table ?? 1;
        const seated = {
          match: pairing.match,
          table,
          matchId,
          assigned: true,
          seated: [pairing.a, pairing.b],
          group: null,
        };
        const body = tableMatchBody(
          state,
          bestOfGame(deals),
          seated,
          venueTable(table),
          onTopOf(pairing.games, game),
        );
        try {
          await this.matches.create(body, KNOCKOUT_GAMES_PRINCIPAL);
        } catch (error) {
          if (error instanceof MatchExistsError) return false;
          throw error;
        }
        return true;
      }
    return false;
  }
}
