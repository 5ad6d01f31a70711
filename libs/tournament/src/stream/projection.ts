import type { TournamentEvent } from '@tablecast/events';
import { StandingsLedger } from '../standings/ledger';
import type { StandingsRow } from '../standings/standings';
import { evolveTournament, initialTournamentState, scoredResultOf, type TournamentState } from './state';

/** The events `apply` folds into the ledger or the entrants' withdrawals, which `standings` reads. */
const STANDINGS_MOVES: ReadonlySet<TournamentEvent['type']> = new Set([
  'TournamentCreated',
  'EntrantRegistered',
  'EntrantLateEntered',
  'EntrantWithdrawn',
  'ResultRecorded',
  'TournamentResultCorrected',
]);

/**
 * The read model of one tournament stream: its state, and the standings kept up to date one result
 * at a time (the ledger). Folding the same events again gives the same standings: the rebuild of the
 * projections reads the stream from its start.
 */
export class TournamentProjection {
  private current: TournamentState = initialTournamentState;
  private ledger: StandingsLedger | null = null;
  private standingsMoves = 0;

  get state(): TournamentState {
    return this.current;
  }

  /**
   * Counts the events folded that can move the standings (an entrant in or out, a result, a
   * correction): the same count, the same standings. A round's pairings, seatings and boards move
   * nothing, so a read model need not write the standings again for them.
   */
  get standingsVersion(): number {
    return this.standingsMoves;
  }

  apply(event: TournamentEvent): void {
    this.current = evolveTournament(this.current, event);
    if (STANDINGS_MOVES.has(event.type)) this.standingsMoves += 1;
    const created = this.current.created;
    if (created === null) return;
    switch (event.type) {
      case 'TournamentCreated':
        this.ledger = new StandingsLedger({ ruleset: created.ruleset });
        return;
      case 'EntrantRegistered':
      case 'EntrantLateEntered':
        this.ledger?.addEntrant(event.data.entrant);
        return;
      case 'EntrantWithdrawn':
        // TRN-WD-1: a pair gone before round 1 never had a place; in Swiss its results stand (TRN-WD-2).
        if (event.data.round !== null)
          this.ledger?.withdraw({ entrant: event.data.entrant, round: event.data.round });
        return;
      case 'ResultRecorded':
      case 'TournamentResultCorrected': {
        const result = this.current.rounds[event.data.round - 1]?.results.get(event.data.match);
        if (result !== undefined)
          this.ledger?.record(scoredResultOf(event.data.round, event.data.match, result));
        return;
      }
      default:
        return;
    }
  }

  /** The standings, every row with how each tie-break value was computed. */
  standings(): StandingsRow[] {
    const rows = this.ledger?.standings() ?? [];
    // A pair that withdrew before round 1 (TRN-WD-1) has no place.
    const gone = new Set(
      [...this.current.entrants.values()].filter((e) => e.withdrawnIn === null).map((e) => e.entrant),
    );
    return gone.size === 0 ? rows : rows.filter((r) => !gone.has(r.entrant));
  }
}

/** Folds a whole stream: what a rebuild does. */
export function projectTournament(events: readonly TournamentEvent[]): TournamentProjection {
  const projection = new TournamentProjection();
  for (const event of events) projection.apply(event);
  return projection;
}
