import { tenthsToString } from '@tablecast/tournament';
import type { EntrantState, RoundState, StandingsRow } from '@tablecast/tournament';
import { BEST_OF_CSV_COLUMNS, bestOfCsvRows } from './best-of-sheets';
import { toCsv } from './csv';
import { sheetValue as shown } from './sheet-markup';

/**
 * The standings sheet (modelled on 000 附录三, the final ranking): place, pair number, pair, unit,
 * match points, level points, rounds played, then every tie-break value of the chain in order.
 */
export function standingsCsv(
  rows: readonly StandingsRow[],
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const keys = rows[0]?.tiebreaks.map((t) => t.key) ?? [];
  return toCsv([
    [
      'rank',
      'number',
      'entrant',
      'name',
      'unit',
      'matchPoints',
      'levelPoints',
      'played',
      ...keys.map((k) => `tb:${k}`),
    ],
    ...rows.map((row) => {
      const e = entrants.get(row.entrant);
      return [
        row.rank,
        e?.number ?? '',
        row.entrant,
        e?.name ?? '',
        e?.unit ?? '',
        row.matchPoints,
        row.levelPoints,
        row.played,
        ...keys.map((k) => shown(row.tiebreaks.find((t) => t.key === k)?.value)),
      ];
    }),
  ]);
}

/**
 * The score sheet of the rounds (modelled on 000 附录一/二, the record of each round): round, table,
 * match, the two pairs and what each scored (match points, level points), and where it came from.
 * A best-of knockout pairing's games follow its row, one each (TRN-KO-5 (b), best-of-sheets.ts).
 */
export function scoreSheetCsv(rounds: readonly RoundState[]): string {
  const out: (string | number)[][] = [
    [
      'round',
      'table',
      'match',
      'a',
      'b',
      'aMatchPoints',
      'bMatchPoints',
      'aLevelPoints',
      'bLevelPoints',
      'kind',
      'source',
      'revision',
      ...BEST_OF_CSV_COLUMNS,
    ],
  ];
  for (const round of rounds) {
    for (const pairing of round.pairings.values()) {
      const result = round.results.get(pairing.match);
      out.push([
        round.round,
        pairing.table ?? '',
        pairing.match,
        pairing.a,
        pairing.b,
        result === undefined ? '' : tenthsToString(result.scored.a.matchTenths),
        result?.scored.b == null ? '' : tenthsToString(result.scored.b.matchTenths),
        result?.scored.a.levelPoints ?? '',
        result?.scored.b?.levelPoints ?? '',
        result?.scored.kind ?? '',
        result?.source ?? '',
        result?.revision ?? '',
        ...BEST_OF_CSV_COLUMNS.map(() => ''),
      ]);
      // TRN-KO-5 (b): a best-of pairing's games, each on its own row after the round's result.
      out.push(...bestOfCsvRows(round, pairing));
    }
    const bye = round.paired.bye;
    const byeResult = round.results.get(`r${String(round.round)}.bye`);
    if (bye !== null)
      out.push([
        round.round,
        '',
        `r${String(round.round)}.bye`,
        bye,
        '',
        byeResult === undefined ? '' : tenthsToString(byeResult.scored.a.matchTenths),
        '',
        byeResult?.scored.a.levelPoints ?? '',
        '',
        'bye',
        'bye',
        byeResult?.revision ?? '',
        ...BEST_OF_CSV_COLUMNS.map(() => ''),
      ]);
  }
  return toCsv(out);
}
