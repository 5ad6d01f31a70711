import { Injectable, Logger } from '@nestjs/common';
import { boardSetPlayed, type TournamentState } from '@tablecast/tournament';
import { BoardSets } from '../boards/board-sets.service';
import { seedCommitment } from '../boards/round-board-seeds';
import { NotFoundError } from '../errors';
import type { Principal } from '../auth/roles';
import { TournamentConflictError } from './tournament.errors';
import { TournamentService } from './tournament.service';

/** Who releases a set's seed: the server, on the arbiter's authority, once the set is played. */
const RELEASE_PRINCIPAL: Principal = { role: 'arbiter', table: null, actorId: 'tournament:boards' };

/** A release that met another write to the stream is decided again, this many times. */
const CONFLICT_RETRIES = 3;

interface ReleaseRequest {
  readonly type: 'ReleaseRoundBoardSeed';
  readonly round: number;
  readonly set: string;
  readonly seed: string;
}

/** A round's board set's seed as released for audit (TRN-MP-1). */
export interface ReleasedBoardSeed {
  readonly tournamentId: string;
  readonly round: number;
  readonly set: string;
  readonly group: number | null;
  readonly seedCommitment: string;
  readonly seed: string;
  readonly releasedAt: string;
  readonly boards: readonly { readonly id: string; readonly number: number; readonly commitment: string }[];
}

/**
 * The audit of a round's board sets (TRN-MP-1): once every table of a set has its result recorded,
 * the seed sealed in boards.sqlite is released on the tournament stream (RoundBoardSeedReleased),
 * after checking it against the commitment recorded before play; anyone can then derive every board
 * again (`deriveRoundBoards`) and check each commitment. Before that the seed is served to no one.
 * The release is appended with the table result that completes the set, and made again on a fetch
 * of the seed (for a set completed before this server released seeds).
 */
@Injectable()
export class RoundSeedRelease {
  private readonly logger = new Logger(RoundSeedRelease.name);

  constructor(
    private readonly tournaments: TournamentService,
    private readonly boards: BoardSets,
  ) {}

  /** Releases every set of the event whose tables have all played it and whose seed is not out yet. */
  async releaseDue(tournamentId: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const { state } = (await this.tournaments.existing(tournamentId)).projection;
      const releases = this.releasesDue(state);
      if (releases.length === 0) return;
      try {
        await this.tournaments.run(tournamentId, releases, RELEASE_PRINCIPAL);
        return;
      } catch (error) {
        // Another write moved the stream (a result, a concurrent release): look again.
        if (error instanceof TournamentConflictError && attempt < CONFLICT_RETRIES) continue;
        throw error;
      }
    }
  }

  /**
   * The releases a state makes due: every played set whose seed is not out yet, with the sealed
   * seed, checked against the commitment recorded before play. The result reactor appends them with
   * the result that completes the set (one write), so no reader sees the one without the other.
   */
  releasesDue(state: TournamentState): ReleaseRequest[] {
    return state.rounds.flatMap((round) =>
      [...round.boardSets.values()]
        .filter((set) => set.released === undefined && boardSetPlayed(round, set.set))
        .flatMap((set) => {
          const seed = this.boards.roundSetSeed(set.set);
          // A seed that is not the one committed to is never published as if it were.
          if (seed === null || seedCommitment(seed) !== set.seedCommitment) {
            this.logger.error(`board set ${set.set}: the sealed seed does not match its commitment`);
            return [];
          }
          return [{ type: 'ReleaseRoundBoardSeed' as const, round: round.round, set: set.set, seed }];
        }),
    );
  }

  /** The set's released seed; a 404 while any table of it still plays (or has not recorded its result). */
  async released(tournamentId: string, set: string): Promise<ReleasedBoardSeed> {
    await this.releaseDue(tournamentId);
    const { state } = (await this.tournaments.existing(tournamentId)).projection;
    for (const round of state.rounds) {
      const held = round.boardSets.get(set);
      if (held === undefined) continue;
      if (held.released === undefined) break;
      return {
        tournamentId,
        round: round.round,
        set: held.set,
        group: held.group,
        seedCommitment: held.seedCommitment,
        ...held.released,
        boards: held.boards,
      };
    }
    throw new NotFoundError(
      `tournament ${tournamentId}: no released board set ${set} (a set's seed is released once every table of it has its result recorded, TRN-MP-1)`,
    );
  }
}
