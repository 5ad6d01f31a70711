import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';
import { entrantsCsv, parseEntrantsCsv } from './entrants-csv';

describe('the entrants sheet (CSV)', () => {
  it('round-trips: the exported sheet imports back to the same entrants, quotes and commas included', () => {
    const rows = [
      { entrant: 'P1', name: '张三/李四', unit: '江苏, 南京', seed: 1 },
      { entrant: 'P2', name: 'Ann "Ace" Lee', unit: null, seed: null },
      { entrant: 'P3', name: '王五', unit: '浙江', seed: 2 },
    ];
    const sheet = entrantsCsv(rows.map((r, i) => ({ ...r, number: i + 1, fromRound: 1 })));
    expect(parseEntrantsCsv(sheet)).toEqual({ rows });
  });

  it('names the row (1 = header) and the column of every bad cell', () => {
    const result = parseEntrantsCsv('name,seed,unit\nA,1,X\n,2,Y\nC,first,Z\n');
    expect(result).toEqual({
      issues: [
        { path: 'csv.row 3.name', message: 'a name of 1–120 characters is required' },
        { path: 'csv.row 4.seed', message: '"first" is not a whole number from 1' },
      ],
    });
    expect(parseEntrantsCsv('name,colour\nA,red\n')).toEqual({
      issues: [
        { path: 'csv.row 1.column 2', message: 'unknown column "colour" (known: entrant, name, unit, seed)' },
      ],
    });
    expect(parseEntrantsCsv('entrant,name\nP1,A\nP1,B\n')).toMatchObject({
      issues: [{ path: 'csv.row 3.entrant', message: 'P1 is already on row 2' }],
    });
  });

  it('gives an entrant without an id E<row>, and reads CRLF sheets with a byte-order mark', () => {
    expect(parseEntrantsCsv('\ufeffname,unit\r\nA,\r\nB,North\r\n')).toEqual({
      rows: [
        { entrant: 'E1', name: 'A', unit: null, seed: null },
        { entrant: 'E2', name: 'B', unit: 'North', seed: null },
      ],
    });
    expect(parseCsv(toCsv([['a,b', 'c"d', 'e\nf']]))).toEqual([['a,b', 'c"d', 'e\nf']]);
  });
});
