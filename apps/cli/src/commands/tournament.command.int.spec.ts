import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the built CLI's tournament oracle with the given stdin and returns its stdout lines parsed. */
function oracle(lines: readonly string[]): unknown[] {
  const run = spawnSync('node', [join(root, 'apps/cli/bin/tablecast.js'), 'tournament'], {
    input: `${lines.join('\n')}\n`,
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(run.status).toBe(0);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('tablecast tournament (the tournament oracle, spawned for real)', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('TRN-RR-5: answers one line per request, in order, and goes on after a malformed line', () => {
    const out = oracle([
      JSON.stringify({ id: 1, op: 'schedule', method: 'berger', pairs: 8 }),
      'not json',
      '',
      JSON.stringify({ id: 2, op: 'schedule', method: 'berger' }),
      JSON.stringify({
        id: 3,
        op: 'swissPair',
        round: 6,
        avoidSameUnit: true,
        entrants: [
          { id: 'a', unit: 'U1', score: 8 },
          { id: 'b', unit: 'U1', score: 8 },
          { id: 'c', unit: 'U2', score: 6 },
          { id: 'd', unit: 'U3', score: 6 },
        ],
        history: [],
      }),
    ]);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ id: 1, ok: true });
    expect((out[0] as { rounds: unknown[] }).rounds[0]).toEqual([
      [1, 8],
      [2, 7],
      [3, 6],
      [4, 5],
    ]);
    expect(out[1]).toEqual({ ok: false, error: 'not valid JSON' });
    expect(out[2]).toMatchObject({ id: 2, ok: false, error: expect.stringMatching(/^pairs:/) as unknown });
    expect(out[3]).toEqual({
      id: 3,
      ok: true,
      pairs: [
        ['a', 'c'],
        ['b', 'd'],
      ],
      bye: null,
      relaxed: [],
    });
  });
});
