import { parseStreamName, tournamentEvents, type TournamentEvent } from '@tablecast/events';
import type { StandingsRow } from '../standings/standings';
import { TournamentProjection } from './projection';

const TOURNAMENT_TYPES: ReadonlySet<string> = new Set(tournamentEvents.map((d) => d.type));

/** An event of the log as a read model receives it: its stream, its revision there, its type and data. */
export interface LoggedEvent {
  readonly stream: string;
  readonly revision: number;
  readonly type: string;
}

/** The tournament of a tournament stream's name, or null for another stream. */
export function tournamentOfStream(stream: string): string | null {
  const parsed = parseStreamName(stream);
  return parsed?.kind === 'tournament' ? parsed.id : null;
}

interface Held {
  readonly projection: TournamentProjection;
  /** The stream revision folded last. */
  revision: number;
}

/**
 * Every tournament's standings, folded from the tournament streams event by event, as a read
 * model keeps them: the live runner from its checkpoint on, a rebuild from position 0. A stream is
 * folded in revision order from its first event: an event already folded is skipped (a replay
 * after a crash applies the log again from the checkpoint), and a fold that starts in the middle of
 * a stream (a runner resumed past events it holds only on disk) asks for the revisions it lacks
 * first (`expects`). Folding the same events gives the same standings, however they were split.
 */
export class TournamentStandingsFold {
  private readonly held = new Map<string, Held>();

  /** The revision of `tournamentId`'s stream this fold needs next (0 when it has seen none). */
  expects(tournamentId: string): number {
    return (this.held.get(tournamentId)?.revision ?? -1) + 1;
  }

  /**
   * Folds the event at `revision` of the tournament's stream (null: an event of that stream that is
   * not the tournament's, which only moves the revision on). False when already folded.
   */
  apply(tournamentId: string, revision: number, event: TournamentEvent | null): boolean {
    const expected = this.expects(tournamentId);
    if (revision < expected) return false;
    if (revision > expected)
      throw new RangeError(
        `tournament ${tournamentId}: revision ${String(revision)} folded before ${String(expected)}`,
      );
    let held = this.held.get(tournamentId);
    if (held === undefined) {
      held = { projection: new TournamentProjection(), revision: -1 };
      this.held.set(tournamentId, held);
    }
    if (event !== null) held.projection.apply(event);
    held.revision = revision;
    return true;
  }

  /**
   * Folds an event of the log if its stream is a tournament's: the tournament's id when it did,
   * null for another stream or an event already folded.
   */
  applyLogged(event: LoggedEvent): string | null {
    const tournamentId = tournamentOfStream(event.stream);
    if (tournamentId === null) return null;
    const typed = TOURNAMENT_TYPES.has(event.type) ? (event as unknown as TournamentEvent) : null;
    return this.apply(tournamentId, event.revision, typed) ? tournamentId : null;
  }

  /** The tournament's standings as folded so far (undefined for a stream it has not seen). */
  standings(tournamentId: string): StandingsRow[] | undefined {
    return this.held.get(tournamentId)?.projection.standings();
  }

  /** How many events that can move the tournament's standings it has folded (`TournamentProjection.standingsVersion`). */
  standingsVersion(tournamentId: string): number | undefined {
    return this.held.get(tournamentId)?.projection.standingsVersion;
  }

  /** The tournaments folded, with the revision each was folded to. */
  tournaments(): { tournamentId: string; revision: number }[] {
    return [...this.held].map(([tournamentId, held]) => ({ tournamentId, revision: held.revision }));
  }
}
