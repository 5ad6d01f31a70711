import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the built CLI's tournament oracle with the given request lines and parses its answers. */
function oracle(requests: readonly unknown[]): Record<string, unknown>[] {
  const run = spawnSync('node', [join(root, 'apps/cli/bin/tablecast.js'), 'tournament'], {
    input: `${requests.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n')}\n`,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** TRN-MP-6 and TRN-MP-7 as oracle boards: [player, score, seconds] per result. */
const board = (...results: [string, number, number][]) => ({
  results: results.map(([player, score, seconds]) => ({ player, score, seconds })),
});

describe('tablecast tournament: the scoring ops, through the real CLI process', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 180_000);

  it('TRN-MP-2/TRN-MP-3/TRN-MP-4: matchpoints for one board and seat, decimals as strings with 2 places', () => {
    const [answer, lone, bad] = oracle([
      { id: 'b1', op: 'matchpoints', scores: [15, 7, 21, 7, '2.5'] },
      { op: 'matchpoints', scores: [3] },
      { op: 'matchpoints', scores: [1, 'x'] },
    ]);
    expect(answer).toEqual({
      id: 'b1',
      ok: true,
      top: 8,
      mp: [6, 3, 8, 3, 0],
      pct: ['75.00', '37.50', '100.00', '37.50', '0.00'],
      rank: [2, 3, 1, 3, 5],
      points: ['7000.00', '5000.00', '10000.00', '5000.00', '2000.00'],
    });
    expect(lone).toEqual({ ok: true, top: 0, mp: [0], pct: ['100.00'], rank: [1], points: ['10000.00'] });
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^scores\.1: /) as string });
  });

  it('TRN-MP-6 and TRN-MP-7: duplicateStandings gives the worked examples exactly', () => {
    const [ddz, b2, dup, missing] = oracle([
      {
        op: 'duplicateStandings',
        game: 'doudizhu',
        boards: [
          board(['P1', 24, 60], ['P2', -12, 80], ['P3', -12, 78]),
          board(['P1', 24, 60], ['P2', -12, 72], ['P3', -12, 78]),
          board(['P1', 24, 60], ['P2', -12, 68], ['P3', -12, 78]),
        ],
      },
      {
        op: 'duplicateStandings',
        game: 'bigtwo',
        boards: [
          board(['P1', 15, 135], ['P2', 7, 146], ['P3', 21, 151]),
          board(['P1', 1, 122], ['P2', 1, 137], ['P3', -3, 144]),
          board(['P1', 18, 163], ['P2', 51, 156], ['P3', 18, 144]),
        ],
      },
      { op: 'duplicateStandings', game: 'doudizhu', boards: [board(['P1', 1, 1], ['P1', 2, 1])] },
      { op: 'duplicateStandings', game: 'chess', boards: [] },
    ]);
    expect(ddz).toEqual({
      ok: true,
      standings: [
        { player: 'P1', S: '30000.00', rank: 1 },
        { player: 'P2', S: '21000.00', rank: 2 },
        { player: 'P3', S: '21000.00', rank: 3 },
      ],
    });
    expect(b2).toEqual({
      ok: true,
      standings: [
        { player: 'P2', S: '25000.00', rank: 1 },
        { player: 'P1', S: '24000.00', rank: 2 },
        { player: 'P3', S: '22000.00', rank: 3 },
      ],
    });
    expect(dup).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^boards\.0\.results: P1 appears twice/) as string,
    });
    expect(missing).toMatchObject({ ok: false, error: expect.stringMatching(/^game: /) as string });
  });
});
