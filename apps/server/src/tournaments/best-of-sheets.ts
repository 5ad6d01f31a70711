import type { EntrantState, KnockoutGameState, PairingState, RoundState } from '@tablecast/tournament';
import { bestOfGamesWon, tenthsToString } from '@tablecast/tournament';
import { gameNumber } from './feed/best-of-view';
import { escapeHtml as escape, sheetRow as cells } from './sheet-markup';

/**
 * A best-of knockout round (TRN-KO-5 (b)) on the 附录二 score sheets: each game is a 局 of its own,
 * so it gets the form's own lines (000 附录二: 第()轮第()台记分表, one per game), and the extra deal
 * on top of a level deciding game its own lines too. The round's result, which the standings score,
 * is the pairing's own row as for any round.
 */

/** 附录二's level columns (GD-LVL-1): 2 … A. A pair past A is marked in the A column. */
const LEVEL_COLUMNS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;

/** A level as the sheets print it: `T` is 10, past A is 过A (GD-LVL-1). */
export const levelOnSheet = (standing: string | null | undefined): string =>
  standing === undefined || standing === null
    ? ''
    : standing === 'T'
      ? '10'
      : standing === 'A+'
        ? '过A'
        : standing;

/** GD-SCORE-2: a game's match points, the winner 2 and the loser 0, 1 each for a level game. */
function gameMatchPoints(game: KnockoutGameState, pairing: PairingState): { a: string; b: string } {
  if (game.winner === undefined) return { a: '', b: '' };
  if (game.winner === null) return { a: '1', b: '1' };
  return game.winner === pairing.a ? { a: '2', b: '0' } : { a: '0', b: '2' };
}

const gameLabel = (game: KnockoutGameState, games: readonly KnockoutGameState[]): string =>
  `第${String(gameNumber(game, games))}局${game.extraDeal ? '加赛' : ''}`;

/** The CSV columns a best-of game adds to the score sheet: which game, and the level each pair ended at. */
export const BEST_OF_CSV_COLUMNS = ['game', 'aLevel', 'bLevel'] as const;

/**
 * The score sheet's rows for a best-of pairing's games, after the pairing's own row: per game its
 * match points and level points, `kind` `game` (`extraDeal` for the deal on top of a level game), and
 * in the added columns the game (`1`, `2`, `3`; the extra deal `3x`) and the level each pair ended at.
 */
export function bestOfCsvRows(round: RoundState, pairing: PairingState): (string | number)[][] {
  const games = pairing.games ?? [];
  return games.map((game) => {
    const points = gameMatchPoints(game, pairing);
    return [
      round.round,
      pairing.table ?? '',
      pairing.match,
      pairing.a,
      pairing.b,
      points.a,
      points.b,
      game.levelPoints?.a ?? '',
      game.levelPoints?.b ?? '',
      game.extraDeal ? 'extraDeal' : 'game',
      game.winner === undefined ? '' : 'game',
      '',
      `${String(gameNumber(game, games))}${game.extraDeal ? 'x' : ''}`,
      levelOnSheet(game.standing?.a),
      levelOnSheet(game.standing?.b),
    ];
  });
}

/** The level columns of one side: the level it ended at, written in its column (过A in the A column). */
function levelCells(standing: string | null | undefined): string[] {
  const shown = levelOnSheet(standing);
  const column = shown === '过A' ? 'A' : shown;
  return LEVEL_COLUMNS.map((level) => (level === column ? shown : ''));
}

/**
 * The printable 附录二 sheets of a best-of pairing: one per game (and one for the extra deal), each
 * with the form's columns (方位, 编号, 选手名, 单位, the levels 2…A, 级分, 场分) and signatures, then
 * the round's result: games won, level points summed and match points as the standings score them.
 */
export function bestOfSheetSections(
  title: string,
  round: RoundState,
  pairing: PairingState,
  entrants: ReadonlyMap<string, EntrantState>,
): string {
  const games = pairing.games ?? [];
  const who = (entrant: string): (string | number)[] => {
    const e = entrants.get(entrant);
    return [e?.number ?? '', e?.name ?? entrant, e?.unit ?? ''];
  };
  const heading = `第 ${String(round.round)} 轮 第 ${escape(pairing.table ?? '')} 台记分表`;
  const header = cells(['方位', '编号', '选手名', '单位', ...LEVEL_COLUMNS, '级分', '场分'], 'th');
  const sections = games.map((game) => {
    const points = gameMatchPoints(game, pairing);
    // The form's order: 东西方 first. The pairing's first pair sits North-South (round-start.ts).
    const lines =
      cells([
        '东西方',
        ...who(pairing.b),
        ...levelCells(game.standing?.b),
        game.levelPoints?.b ?? '',
        points.b,
      ]) +
      cells([
        '南北方',
        ...who(pairing.a),
        ...levelCells(game.standing?.a),
        game.levelPoints?.a ?? '',
        points.a,
      ]);
    return (
      `<section><h1>${escape(title)}</h1><h2>${heading} ${gameLabel(game, games)} (${escape(game.matchId)})</h2>` +
      `<table><thead>${header}</thead><tbody>${lines}</tbody></table>` +
      '<p>东西方选手签名：________ 南北方选手签名：________</p><p>裁判员签名：________ 犯规情况：________</p></section>'
    );
  });
  const result = round.results.get(pairing.match);
  const won = bestOfGamesWon(pairing);
  const total = (
    entrant: string,
    gamesWon: number,
    scored: { matchTenths: number; levelPoints: number } | null | undefined,
  ) =>
    cells([
      ...who(entrant),
      gamesWon,
      scored?.levelPoints ?? '',
      scored == null ? '' : tenthsToString(scored.matchTenths),
    ]);
  const summary =
    `<section><h1>${escape(title)}</h1><h2>${heading} 本轮成绩（${String(games.filter((g) => !g.extraDeal).length)}局）(${escape(pairing.match)})</h2>` +
    `<table><thead>${cells(['编号', '选手名', '单位', '胜局', '级分', '场分'], 'th')}</thead><tbody>` +
    total(pairing.b, won.b, result?.scored.b) +
    total(pairing.a, won.a, result?.scored.a) +
    '</tbody></table><p>裁判员签名：________</p></section>';
  return sections.join('') + summary;
}
