import {
  tenthsToString,
  type EntrantState,
  type RoundState,
  type StandingsRow,
  type TournamentState,
} from '@tablecast/tournament';
import { toCsv } from './csv';
import { escapeHtml as escape, sheetPage as page, sheetRow as row } from './sheet-markup';

/** Guandan's levels by index (GD-LVL-1): 0 = 2 … 12 = A; 13 = past A. */
const LEVELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '过A'];
export const levelName = (index: number): string => LEVELS[index] ?? String(index);

/** One entrant's line of the cross table (000 附录一). */
interface CrossLine {
  readonly number: number;
  readonly unit: string;
  readonly name: string;
  /** By opponent number: "场分/级分" against that opponent, "×" on the diagonal, "" if they never met. */
  readonly against: readonly string[];
  readonly matchPoints: string;
  readonly levelPoints: number;
  readonly played: number;
  readonly opponentsPoints: string;
  readonly rank: number | string;
}

/**
 * The result form of 000 附录一 (TRN-RR-6): number, unit, name, the result against each entrant by
 * number, then match points, level points, games played, opponents' points and place. 000 draws it
 * for a round robin of 8; the same form serves any field, a Swiss one included (a cell stays empty
 * where two pairs never met). A cell reads "match points/level points" as scored for this row.
 */
export function crossTable(state: TournamentState, standings: readonly StandingsRow[]): CrossLine[] {
  const entrants = [...state.entrants.values()].sort((a, b) => a.number - b.number);
  const numberOf = new Map(entrants.map((e, i) => [e.entrant, i]));
  const cells = new Map(entrants.map((e) => [e.entrant, entrants.map(() => '')]));
  for (const e of entrants) {
    const own = cells.get(e.entrant);
    const at = numberOf.get(e.entrant);
    if (own !== undefined && at !== undefined) own[at] = '×';
  }
  for (const round of state.rounds)
    for (const result of round.results.values()) {
      const { a, b } = result.scored;
      if (b === null) continue;
      for (const [self, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const line = cells.get(self.entrant);
        const column = numberOf.get(other.entrant);
        if (line !== undefined && column !== undefined)
          line[column] = `${tenthsToString(self.matchTenths)}/${String(self.levelPoints)}`;
      }
    }
  const byEntrant = new Map(standings.map((r) => [r.entrant, r]));
  return entrants.map((e) => {
    const standing = byEntrant.get(e.entrant);
    const opponents = standing?.tiebreaks.find((t) => t.key === 'opponentsPoints')?.value;
    return {
      number: e.number,
      unit: e.unit ?? '',
      name: e.name,
      against: cells.get(e.entrant) ?? [],
      matchPoints: standing?.matchPoints ?? '0',
      levelPoints: standing?.levelPoints ?? 0,
      played: standing?.played ?? 0,
      opponentsPoints: opponents?.kind === 'number' ? opponents.value : '',
      rank: standing?.rank ?? '',
    };
  });
}

const crossHeader = (lines: readonly CrossLine[]): string[] => [
  '编号',
  '单位',
  '队名',
  ...lines.map((l) => String(l.number)),
  '场分',
  '级分',
  '局数',
  '对手分',
  '名次',
];

const crossCells = (l: CrossLine): (string | number)[] => [
  l.number,
  l.unit,
  l.name,
  ...l.against,
  l.matchPoints,
  l.levelPoints,
  l.played,
  l.opponentsPoints,
  l.rank,
];

export function crossTableCsv(lines: readonly CrossLine[]): string {
  return toCsv([crossHeader(lines), ...lines.map(crossCells)]);
}

export function crossTableHtml(title: string, lines: readonly CrossLine[]): string {
  return page(
    `${title} 成绩表`,
    `<h1>${escape(title)} 成绩表</h1><table><thead>${row(crossHeader(lines), 'th')}</thead><tbody>` +
      `${lines.map((l) => row(crossCells(l))).join('')}</tbody></table><p>裁判长签名：________</p>`,
  );
}

/** The levels each side reached after each deal of a table's match (its HandEnded events). */
export interface DealLevels {
  readonly NS: readonly number[];
  readonly EW: readonly number[];
}

/** One side's line of the 计副制 score sheet (000 附录三). */
interface DealLine {
  readonly position: string;
  readonly number: number | string;
  readonly name: string;
  readonly unit: string;
  /** The level after each deal (one column per deal, GD-FMT-2). */
  readonly deals: readonly string[];
  /** 牌级: the level the side finished on. */
  readonly finalLevel: string;
  readonly levelPoints: number | string;
  readonly matchPoints: string;
}

interface DealSheet {
  readonly table: number | string;
  readonly match: string;
  readonly lines: readonly [DealLine, DealLine];
}

/**
 * The 计副制 score sheets of a round, modelled on 000 附录三 (TRN-SCORE-5): per table, each side's
 * position, number, pair and unit, the level reached after each deal, the final level (牌级), level
 * points (级分) and match points (场分). A round's matches are started with the pairing's first pair
 * North-South (the game's first side), the second East-West.
 */
export function dealSheets(
  round: RoundState,
  entrants: ReadonlyMap<string, EntrantState>,
  levels: ReadonlyMap<string, DealLevels>,
): DealSheet[] {
  return [...round.pairings.values()].map((pairing) => {
    const result = round.results.get(pairing.match);
    const dealt = pairing.matchId === undefined ? undefined : levels.get(pairing.matchId);
    const line = (
      position: string,
      entrant: string,
      team: 'NS' | 'EW',
      scored: { matchTenths: number; levelPoints: number } | null | undefined,
    ): DealLine => {
      const e = entrants.get(entrant);
      const reached = dealt?.[team] ?? [];
      const last = reached.at(-1);
      return {
        position,
        number: e?.number ?? '',
        name: e?.name ?? entrant,
        unit: e?.unit ?? '',
        deals: reached.map(levelName),
        finalLevel: last === undefined ? '' : levelName(last),
        levelPoints: scored?.levelPoints ?? '',
        matchPoints: scored == null ? '' : tenthsToString(scored.matchTenths),
      };
    };
    return {
      table: pairing.table ?? '',
      match: pairing.match,
      lines: [
        line('南北方', pairing.a, 'NS', result?.scored.a),
        line('东西方', pairing.b, 'EW', result?.scored.b),
      ],
    };
  });
}

const dealColumns = (sheets: readonly DealSheet[]): number =>
  Math.max(1, ...sheets.flatMap((s) => s.lines.map((l) => l.deals.length)));

export function dealSheetsCsv(roundNumber: number, sheets: readonly DealSheet[]): string {
  const deals = dealColumns(sheets);
  const header = [
    '轮次',
    '台号',
    '对阵',
    '方位',
    '编号',
    '队名',
    '单位',
    ...Array.from({ length: deals }, (_, i) => `第${String(i + 1)}副`),
    '牌级',
    '级分',
    '场分',
  ];
  const rows = sheets.flatMap((s) =>
    s.lines.map((l) => [
      roundNumber,
      s.table,
      s.match,
      l.position,
      l.number,
      l.name,
      l.unit,
      ...Array.from({ length: deals }, (_, i) => l.deals[i] ?? ''),
      l.finalLevel,
      l.levelPoints,
      l.matchPoints,
    ]),
  );
  return toCsv([header, ...rows]);
}

export function dealSheetsHtml(title: string, roundNumber: number, sheets: readonly DealSheet[]): string {
  const deals = dealColumns(sheets);
  const header = [
    '方位',
    '编号',
    '队名',
    '单位',
    ...Array.from({ length: deals }, (_, i) => String(i + 1)),
    '牌级',
    '级分',
    '场分',
  ];
  const sections = sheets.map(
    (s) =>
      `<section><h1>${escape(title)}</h1><h2>第 ${String(roundNumber)} 轮 第 ${escape(s.table)} 台记分表（计副制）(${escape(s.match)})</h2>` +
      `<table><thead>${row(header, 'th')}</thead><tbody>` +
      s.lines
        .map((l) =>
          row([
            l.position,
            l.number,
            l.name,
            l.unit,
            ...Array.from({ length: deals }, (_, i) => l.deals[i] ?? ''),
            l.finalLevel,
            l.levelPoints,
            l.matchPoints,
          ]),
        )
        .join('') +
      '</tbody></table><p>南北方选手签名：________ 东西方选手签名：________</p><p>裁判员签名：________ 犯规情况：________</p></section>',
  );
  return page(`${title} 第${String(roundNumber)}轮记分表（计副制）`, sections.join(''));
}
