import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the built CLI's Dou Dizhu oracle with the given stdin and returns its stdout lines as parsed JSON. */
function oracle(lines: readonly string[]): unknown[] {
  const run = spawnSync('node', [join(root, 'apps/cli/bin/tablecast.js'), 'rules', 'doudizhu'], {
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

/** A recorded MatchCreated event: a table of three under the default ruleset. */
const created = {
  type: 'MatchCreated',
  data: {
    game: 'doudizhu',
    table: 'T1',
    seats: ['0', '1', '2'],
    ruleset: {
      name: 'cga2017',
      firstBidder: 'seat0',
      bidSeconds: 25,
      doubleSeconds: 25,
      playSeconds: 25,
      appealHours: 3,
    },
    players: [
      { id: 'a', name: 'Ann', seat: 0 },
      { id: 'b', name: 'Bo', seat: 1 },
      { id: 'c', name: 'Cai', seat: 2 },
    ],
    createdAt: 0,
  },
};

describe('tablecast rules doudizhu (the Dou Dizhu rules oracle, spawned for real)', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('answers one line per request, in order, and goes on after a malformed line', () => {
    const out = oracle([
      JSON.stringify({ op: 'classify', cards: ['BJ', 'RJ'] }),
      'not json',
      '',
      JSON.stringify({ id: 'q', op: 'classify', cards: ['SX'] }),
      JSON.stringify({
        id: 3,
        op: 'beats',
        play: { cards: ['S2', 'H2', 'C2', 'D2'] },
        current: { cards: ['BJ', 'RJ'] },
      }),
      JSON.stringify({
        op: 'score',
        bid: 2,
        doubled: [true, false],
        redoubled: false,
        bombs: 2,
        rockets: 0,
        spring: false,
        antiSpring: false,
        winner: 'landlord',
      }),
      JSON.stringify({ op: 'replay', events: [created] }),
      JSON.stringify({ op: 'replay', events: [created, { type: 'TrickWon', data: { seat: 0 } }] }),
    ]);
    expect(out).toEqual([
      { ok: true, readings: [{ type: 'rocket', length: 2 }] },
      { ok: false, error: 'not valid JSON' },
      { id: 'q', ok: false, error: expect.stringMatching(/^cards\.0: /) as unknown },
      { id: 3, ok: true, beats: false },
      { ok: true, defenders: [-16, -8], landlord: 24 },
      { ok: true, state: expect.objectContaining({ status: 'betweenBoards', table: 'T1' }) as unknown },
      {
        ok: false,
        rule: 'DDZ-GEN-2',
        message: 'event TrickWon at 1 is not the start of any decision',
        messageZh: '第 1 个事件不是任何裁定的开始',
        index: 1,
      },
    ]);
  });

  it('lists the legal plays on the landlord hand of the benchmark, each distinct play once', () => {
    const hand = [
      'S3',
      'H3',
      'C3',
      'S4',
      'H4',
      'C4',
      'S5',
      'H5',
      'C5',
      'S6',
      'S7',
      'S8',
      'S9',
      'ST',
      'SJ',
      'SQ',
      'SK',
      'SA',
      'S2',
      'RJ',
    ];
    const [answer] = oracle([JSON.stringify({ op: 'legalPlays', hand, toBeat: null })]) as [
      { ok: boolean; plays: unknown[] },
    ];
    expect(answer.ok).toBe(true);
    expect(answer.plays).toHaveLength(404);
    expect(new Set(answer.plays.map((p) => JSON.stringify(p))).size).toBe(404);
  });
});
