import { bestOfSheetSections } from './best-of-sheets';
import { tenthsToString, type EntrantState, type RoundState, type StandingsRow } from '@tablecast/tournament';
import { escapeHtml as escape, sheetPage } from './sheet-markup';

/** The score and standings sheets keep names left-aligned, as the 附录二/三 forms print them. */
const leftPage = (title: string, body: string): string => sheetPage(title, body, 'left');

/**
 * One printable score sheet per table of a round, modelled on 000 附录二 (第()轮第()台记分表): each
 * side's position, pair number, players, unit, level points (级分) and match points (场分), then the
 * signatures. The rows keep the form's order (东西方 first), and each pair is named where it sits:
 * a round started at the tables seats the pairing's first pair North-South and the second East-West
 * (round-start.ts), as the 附录三 deal sheet and the match itself have them.
 */
export function scoreSheetsHtml(
  title: string,
  round: RoundState,
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const sections = [...round.pairings.values()].map((pairing) => {
    // TRN-KO-5 (b): a best-of pairing's games each get the form's lines.
    if (pairing.games !== undefined) return bestOfSheetSections(title, round, pairing, entrants);
    const result = round.results.get(pairing.match);
    const side = (
      position: string,
      entrant: string,
      scored: { matchTenths: number; levelPoints: number } | null,
    ) => {
      const e = entrants.get(entrant);
      return `<tr><td>${position}</td><td>${escape(e?.number ?? '')}</td><td>${escape(e?.name ?? entrant)}</td><td>${escape(e?.unit ?? '')}</td><td>${escape(scored?.levelPoints ?? '')}</td><td>${scored === null ? '' : escape(tenthsToString(scored.matchTenths))}</td></tr>`;
    };
    return (
      `<section><h1>${escape(title)}</h1><h2>第 ${String(round.round)} 轮 第 ${escape(pairing.table ?? '')} 台记分表 (${escape(pairing.match)})</h2>` +
      '<table><thead><tr><th>方位</th><th>编号</th><th>选手名</th><th>单位</th><th>级分</th><th>场分</th></tr></thead><tbody>' +
      side('东西方', pairing.b, result?.scored.b ?? null) +
      side('南北方', pairing.a, result?.scored.a ?? null) +
      '</tbody></table><p>东西方选手签名：________ 南北方选手签名：________</p><p>裁判员签名：________ 犯规情况：________</p></section>'
    );
  });
  return leftPage(`${title} 第${String(round.round)}轮记分表`, sections.join(''));
}

/** The printable standings (名次表): place, number, pair, unit, match points, level points, rounds. */
export function standingsHtml(
  title: string,
  rows: readonly StandingsRow[],
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const body = rows
    .map((row) => {
      const e = entrants.get(row.entrant);
      return `<tr><td>${String(row.rank)}</td><td>${escape(e?.number ?? '')}</td><td>${escape(e?.name ?? row.entrant)}</td><td>${escape(e?.unit ?? '')}</td><td>${escape(row.matchPoints)}</td><td>${String(row.levelPoints)}</td><td>${String(row.played)}</td></tr>`;
    })
    .join('');
  return leftPage(
    `${title} 名次表`,
    `<h1>${escape(title)} 名次表</h1><table><thead><tr><th>名次</th><th>编号</th><th>队名</th><th>单位</th><th>场分</th><th>级分</th><th>轮次</th></tr></thead><tbody>${body}</tbody></table><p>裁判长签名：________</p>`,
  );
}
