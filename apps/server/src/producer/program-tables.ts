import type { TournamentFeedView } from '@tablecast/protocol';
import { venueTable } from '../tournaments/round-start';

/** A table of the program: its venue id, its tournament number (if any) and the match now there. */
export interface ProgramTable {
  readonly table: string;
  readonly number: number | null;
  readonly matchId: string;
}

/**
 * The tables of a tournament's round now in play: the latest round with a match assigned to a
 * table (MatchAssigned), in table order. No round started yet: none.
 */
export function roundTables(view: TournamentFeedView): { round: number | null; tables: ProgramTable[] } {
  for (const round of [...view.rounds].reverse()) {
    const tables = round.pairings
      .flatMap((p) =>
        p.matchId === null || p.table === null
          ? []
          : [{ table: venueTable(p.table), number: p.table, matchId: p.matchId }],
      )
      .sort((a, b) => a.number - b.number);
    if (tables.length > 0) return { round: round.round, tables };
  }
  return { round: null, tables: [] };
}

/**
 * Table ids in the order a person reads them (T2 before T10). One collator for every comparison:
 * `localeCompare` with a locale and options builds a new one per call, which made sorting the
 * tables the largest cost of a released broadcast frame that proposes a cut (the program looks
 * up the frame's table in this list).
 */
const TABLE_ORDER = new Intl.Collator('en', { numeric: true });

/** Without a tournament: every table with a match, the match now there, in table order. */
export function everyTable(current: ReadonlyMap<string, string>): ProgramTable[] {
  return [...current]
    .map(([table, matchId]) => ({ table, number: null, matchId }))
    .sort((a, b) => TABLE_ORDER.compare(a.table, b.table));
}
