import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the built CLI's Big Two oracle with the given stdin and returns its stdout lines as parsed JSON. */
function oracle(lines: readonly string[]): unknown[] {
  const run = spawnSync('node', [join(root, 'apps/cli/bin/tablecast.js'), 'rules', 'bigtwo'], {
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

describe('tablecast rules bigtwo (the Big Two rules oracle, spawned for real)', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('answers one line per request, in order, and goes on after a malformed line', () => {
    const out = oracle([
      JSON.stringify({ op: 'classify', cards: ['SA', 'S2', 'S3', 'S4', 'S5'] }),
      'not json',
      '',
      JSON.stringify({ id: 'q', op: 'classify', cards: ['BJ'] }),
      JSON.stringify({ id: 3, op: 'beats', play: { cards: ['S9', 'H9'] }, toBeat: { cards: ['C9', 'D9'] } }),
      JSON.stringify({
        op: 'score',
        players: [
          { left: 3, showed: true, doubled: false },
          { left: 0, showed: false, doubled: true },
          { left: 9, showed: false, doubled: false },
          { left: 13, showed: false, doubled: false },
        ],
      }),
    ]);
    expect(out).toEqual([
      { ok: true, reading: { type: 'straightFlush', rank: '2', suit: 'S', length: 5 } },
      { ok: false, error: 'not valid JSON' },
      expect.objectContaining({ id: 'q', ok: false }),
      { id: 3, ok: true, beats: true },
      { ok: true, cardPoints: [3, 0, 18, 52], scores: [174, 158, -47, -285] },
    ]);
  });
});
