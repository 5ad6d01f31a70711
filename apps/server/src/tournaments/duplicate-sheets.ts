import type { DuplicateRow, EntrantState, RoundState } from '@tablecast/tournament';
import { toCsv } from './csv';
import {
  escapeHtml as escape,
  sheetPage as page,
  sheetRow as row,
  sheetValue as shown,
} from './sheet-markup';

/**
 * The sheets of a Dou Dizhu or Big Two duplicate event, modelled on 002/001 附录二 三: the final
 * table (名次, 牌手, 最终成绩S) with each player's 累计出牌总用时, and per table the boards' 得分 and
 * 出牌用时 of each player (TRN-TB-4 steps 1-2, TRN-TB-5 steps 3-4 compare those times).
 */

/** The final standings as CSV: place, player, S, total own play time in seconds, boards, then each tie-break value. */
export function duplicateStandingsCsv(
  rows: readonly DuplicateRow[],
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const keys = rows[0]?.tiebreaks.map((t) => t.key) ?? [];
  return toCsv([
    ['rank', 'number', 'entrant', 'name', 'unit', 'S', 'seconds', 'boards', ...keys.map((k) => `tb:${k}`)],
    ...rows.map((r) => {
      const e = entrants.get(r.player);
      return [
        r.rank,
        e?.number ?? '',
        r.player,
        e?.name ?? '',
        e?.unit ?? '',
        r.S,
        r.seconds,
        r.boards.length,
        ...keys.map((k) => shown(r.tiebreaks.find((t) => t.key === k)?.value)),
      ];
    }),
  ]);
}

/**
 * The printable standings: 名次, 编号, 牌手, 单位, 最终成绩S, 累计出牌总用时; the final ones (最终排名)
 * unless `heading` names the session they stand after (TRN-MOVE-6).
 */
export function duplicateStandingsHtml(
  title: string,
  rows: readonly DuplicateRow[],
  entrants: ReadonlyMap<string, EntrantState>,
  heading = '最终排名',
): string {
  const header = ['名次', '编号', '牌手', '单位', '最终成绩S', '累计出牌总用时'];
  const body = rows.map((r) => {
    const e = entrants.get(r.player);
    return row([r.rank, e?.number ?? '', e?.name ?? r.player, e?.unit ?? '', r.S, `${String(r.seconds)}s`]);
  });
  return page(
    `${title} ${heading}`,
    `<h1>${escape(title)} ${escape(heading)}</h1><table><thead>${row(header, 'th')}</thead><tbody>${body.join('')}</tbody></table>` +
      '<p>裁判长签名：________</p>',
  );
}

/**
 * One line per round, table, board and player: the seat, the score and the own play time (出牌用时).
 * In an event of several sessions a round (TRN-MOVE-6), `round` is the round (轮) and a `session`
 * column follows it, the session (局) within the round; an event without sessions keeps its columns.
 */
export function duplicateScoreSheetCsv(rounds: readonly RoundState[]): string {
  const sessions = rounds.some((r) => r.paired.session !== undefined);
  const out: (string | number)[][] = [
    [
      'round',
      ...(sessions ? ['session'] : []),
      'table',
      'match',
      'board',
      'seat',
      'entrant',
      'score',
      'seconds',
    ],
  ];
  for (const round of rounds) {
    const session = round.paired.session;
    const named = sessions ? [session?.round ?? round.round, session?.session ?? 1] : [round.round];
    for (const [match, result] of round.tableResults) {
      const table = round.tables.get(match)?.table ?? '';
      for (const board of result.boards)
        for (const { entrant, seat } of result.seats)
          out.push([
            ...named,
            table,
            match,
            board.board,
            seat,
            entrant,
            board.scores[entrant] ?? '',
            board.seconds?.[entrant] ?? '',
          ]);
    }
  }
  return toCsv(out);
}

/** A round's name on its sheets: 第 2 轮, or 第 2 轮 第 1 局 for a session of a round of several (TRN-MOVE-6). */
function roundHeading(round: RoundState): string {
  const session = round.paired.session;
  return session === undefined
    ? `第 ${String(round.round)} 轮`
    : `第 ${String(session.round)} 轮 第 ${String(session.session)} 局`;
}

/**
 * One printable score sheet per table of a round (第()轮第()台记分表): each player by seat, then
 * for each board his 得分 and 出牌用时, and his 累计出牌总用时 at this table. A result recorded
 * without times leaves the time cells empty.
 */
export function duplicateScoreSheetsHtml(
  title: string,
  round: RoundState,
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const sections = [...round.tables.values()].map((table) => {
    const result = round.tableResults.get(table.match);
    const boards = result?.boards ?? [];
    const header = [
      '座位',
      '编号',
      '牌手',
      '单位',
      ...boards.flatMap((_, i) => [`第${String(i + 1)}副得分`, `第${String(i + 1)}副出牌用时`]),
      '累计出牌总用时',
    ];
    const lines = table.seats.map((entrant, i) => {
      const e = entrants.get(entrant);
      const seat = result?.seats.find((s) => s.entrant === entrant)?.seat ?? String(i);
      const times = boards.map((b) => b.seconds?.[entrant]);
      const total =
        times.every((t) => t !== undefined) && times.length > 0 ? times.reduce((s, t) => s + t, 0) : null;
      return row([
        seat,
        e?.number ?? '',
        e?.name ?? entrant,
        e?.unit ?? '',
        ...boards.flatMap((b, j) => [
          b.scores[entrant] ?? '',
          times[j] === undefined ? '' : `${String(times[j])}s`,
        ]),
        total === null ? '' : `${String(total)}s`,
      ]);
    });
    return (
      `<section><h1>${escape(title)}</h1><h2>${roundHeading(round)} 第 ${escape(table.table)} 台记分表 (${escape(table.match)})</h2>` +
      `<table><thead>${row(header, 'th')}</thead><tbody>${lines.join('')}</tbody></table>` +
      '<p>牌手签名：________</p><p>裁判员签名：________ 犯规情况：________</p></section>'
    );
  });
  return page(`${title} ${roundHeading(round).replaceAll(' ', '')}记分表`, sections.join(''));
}

/**
 * The heading of the standings after a session (TRN-MOVE-6), saying which ranking the next move
 * reads: 第2轮第1局后名次（累计）over every session so far, （本局）over that session alone.
 */
export function sessionStandingsHeading(round: RoundState, basis: 'cumulative' | 'lastSession'): string {
  return `${roundHeading(round).replaceAll(' ', '')}后名次（${basis === 'lastSession' ? '本局' : '累计'}）`;
}
