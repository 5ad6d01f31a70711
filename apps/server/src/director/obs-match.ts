import { followOfCollection } from '@tablecast/obs';

/**
 * What an OBS's loaded scenes show, for the director to tell whether a match's moment may drive it:
 * - a match id: the final's scenes of that match (its `Tablecast <match>` collection, the match now
 *   at the table of a `Tablecast table <t>` one, or the match at the table on program for
 *   `Tablecast on air`);
 * - `emptyTable`: a table's scenes (or the on-air scenes, following the table on program) while
 *   that table has no match: no match's moment may drive it;
 * - `noTableOnProgram`: the on-air scenes while no table is on program: none may drive it either;
 * - null: some other collection, or not known (every match may drive it).
 */
export type MatchOnObs =
  string | { readonly emptyTable: string } | { readonly noTableOnProgram: true } | null;

/** The tables and their matches as the pages following them see them (`TableFollow`). */
export interface FollowedTables {
  readonly programTable: string | null;
  matchAt(table: string): string | null;
}

/** Reads an OBS's scene collection name (as `obs setup` named it) against the tables' matches now. */
export function matchOnObs(collection: string | undefined, follow: FollowedTables): MatchOnObs {
  const loaded = collection === undefined ? null : followOfCollection(collection);
  if (loaded === null) return null;
  if ('matchId' in loaded) return loaded.matchId;
  const table = 'table' in loaded ? loaded.table : follow.programTable;
  if (table === null) return { noTableOnProgram: true };
  return follow.matchAt(table) ?? { emptyTable: table };
}
