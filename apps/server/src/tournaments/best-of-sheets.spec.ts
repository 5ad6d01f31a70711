import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { scoreSheetsHtml } from './sheets-html';
import { scoreSheetCsv } from './standings-csv';
import { BestOfStream, guandanGame } from './testing/best-of-stream';

/** Table 1's 3-game pairing: S1 1:0 (game 1), 1:1 (game 2), decided 2:1 (game 3). */
function threeGames(): BestOfStream {
  return new BestOfStream()
    .record('ko.r1.t1.g1', guandanGame('a', ['6', '3'], [16, 10]))
    .record('ko.r1.t1.g2', guandanGame('b', ['4', 'T'], [7, 19]))
    .record('ko.r1.t1.g3', guandanGame('a', ['A+', 'Q'], [17, 9]));
}

const csvRows = (s: BestOfStream) => {
  const [header, ...rows] = parseCsv(scoreSheetCsv(s.state.rounds));
  if (header === undefined) throw new Error('no header');
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
};

describe('the 附录二 score sheets of a best-of knockout round list every game (TRN-KO-5 (b))', () => {
  it('TRN-KO-5 (b): the CSV has the round’s result, then each game with its match points, level points and the levels it ended at', () => {
    const s = threeGames();
    const top = s.pairs[0];
    const rows = csvRows(s).filter((r) => r.match === top?.match);
    expect(
      rows.map((r) => [
        r.kind,
        r.game,
        r.aMatchPoints,
        r.bMatchPoints,
        r.aLevelPoints,
        r.bLevelPoints,
        r.aLevel,
        r.bLevel,
      ]),
    ).toEqual([
      ['played', '', '2', '0', '40', '38', '', ''],
      ['game', '1', '2', '0', '16', '10', '6', '3'],
      ['game', '2', '0', '2', '7', '19', '4', '10'],
      ['game', '3', '2', '0', '17', '9', '过A', 'Q'],
    ]);
  });

  it('TRN-KO-5 (b): while the round is played the CSV lists the games so far, 1:1 after two and the third still open', () => {
    const s = new BestOfStream()
      .record('ko.r1.t1.g1', guandanGame('a', ['6', '3'], [16, 10]))
      .record('ko.r1.t1.g2', guandanGame('b', ['4', 'T'], [7, 19]));
    const rows = csvRows(s).filter((r) => r.table === '1');
    expect(rows.map((r) => [r.kind, r.game, r.aMatchPoints, r.bMatchPoints])).toEqual([
      ['', '', '', ''],
      ['game', '1', '2', '0'],
      ['game', '2', '0', '2'],
      ['game', '3', '', ''],
    ]);
  });

  it('TRN-KO-5 (b), TRN-KO-4: a level deciding game scores 1:1 and the extra deal on top of it is its own row (3x)', () => {
    const s = new BestOfStream()
      .record('ko.r1.t1.g1', guandanGame('a', ['5', '2'], [15, 11]))
      .record('ko.r1.t1.g2', guandanGame('b', ['2', '5'], [11, 15]))
      .record('ko.r1.t1.g3', guandanGame('level', ['9', '9'], [13, 13]))
      .record('ko.r1.t1.g3.x', guandanGame('b', ['9', 'T'], [12, 14]));
    const rows = csvRows(s).filter((r) => r.table === '1');
    expect(
      rows.slice(3).map((r) => [r.kind, r.game, r.aMatchPoints, r.bMatchPoints, r.aLevel, r.bLevel]),
    ).toEqual([
      ['game', '3', '1', '1', '9', '9'],
      ['extraDeal', '3x', '0', '2', '9', '10'],
    ]);
  });

  it('TRN-KO-5 (b): the printable sheet has one 附录二 form per game, the level each pair ended at in its column, and the round’s result', () => {
    const s = threeGames();
    const html = scoreSheetsHtml('Cup', s.state.rounds[0] ?? never(), s.state.entrants);
    for (const game of [1, 2, 3])
      expect(html).toContain(`第 1 轮 第 1 台记分表 第${String(game)}局 (ko.r1.t1.g${String(game)})`);
    expect(html).toContain(
      '<th>2</th><th>3</th><th>4</th><th>5</th><th>6</th><th>7</th><th>8</th><th>9</th><th>10</th><th>J</th><th>Q</th><th>K</th><th>A</th><th>级分</th><th>场分</th>',
    );
    // Game 1: S1 (NS) ended at 6, S4 (EW) at 3; the form lists 东西方 first.
    const blank = (n: number) => '<td></td>'.repeat(n);
    expect(html).toContain(
      `<tr><td>东西方</td><td>4</td><td>Seed 4</td><td></td>${blank(1)}<td>3</td>${blank(11)}<td>10</td><td>0</td></tr>` +
        `<tr><td>南北方</td><td>1</td><td>Seed 1</td><td></td>${blank(4)}<td>6</td>${blank(8)}<td>16</td><td>2</td></tr>`,
    );
    // Game 3: S1 went past A, marked in the A column.
    expect(html).toContain(`${blank(12)}<td>过A</td><td>17</td><td>2</td></tr>`);
    expect(html).toContain('本轮成绩（3局）');
    expect(html).toContain('<tr><td>1</td><td>Seed 1</td><td></td><td>2</td><td>40</td><td>2</td></tr>');
    expect(html).toContain('<tr><td>4</td><td>Seed 4</td><td></td><td>1</td><td>38</td><td>0</td></tr>');
  });
});

function never(): never {
  throw new Error('no round');
}
