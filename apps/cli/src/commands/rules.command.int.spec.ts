import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  guandanCga2017 as cga2017,
  playRandomGuandanMatch as playRandomMatch,
} from '@tablecast/games/testing';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..', '..');

/** Runs the built CLI with the given stdin and returns its stdout lines as parsed JSON. */
function oracle(lines: readonly string[]): unknown[] {
  const run = spawnSync('node', [join(root, 'apps/cli/bin/tablecast.js'), 'rules', 'guandan'], {
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

describe('tablecast rules guandan (the rules oracle, spawned for real)', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('GD-WILD-4: answers classify, one line per request in order, echoing ids', () => {
    const out = oracle([
      JSON.stringify({ op: 'classify', cards: ['C8', 'H2'], level: '2' }),
      JSON.stringify({ id: 'q2', op: 'classify', cards: ['SK', 'DK', 'S6', 'C6', 'H2'], level: '2' }),
      JSON.stringify({ op: 'classify', cards: ['S3', 'D4'], level: '2' }),
    ]);
    expect(out).toEqual([
      { ok: true, readings: [{ type: 'pair', rank: '8', length: 2 }] },
      {
        id: 'q2',
        ok: true,
        readings: [
          { type: 'fullHouse', rank: '6', length: 5 },
          { type: 'fullHouse', rank: 'K', length: 5 },
        ],
      },
      { ok: true, readings: [] },
    ]);
  });

  it('GD-CMP-7: beats answers four jokers over a 10-card bomb, and names the rule for a false reading', () => {
    const ten = ['S9', 'S9', 'H9', 'H9', 'C9', 'C9', 'D9', 'D9', 'H2', 'H2'];
    const out = oracle([
      JSON.stringify({
        op: 'beats',
        play: { cards: ['BJ', 'BJ', 'RJ', 'RJ'], as: { type: 'fourJokers', length: 4 } },
        current: { cards: ten, as: { type: 'bomb', rank: '9', length: 10 } },
        level: '2',
      }),
      JSON.stringify({
        op: 'beats',
        play: { cards: ['S3'], as: { type: 'pair', rank: '3', length: 2 } },
        current: { cards: ['S2'], as: { type: 'single', rank: '2', length: 1 } },
        level: '7',
      }),
    ]);
    expect(out[0]).toEqual({ ok: true, beats: true });
    expect(out[1]).toMatchObject({ ok: false, rule: 'GD-WILD-5' });
  });

  it('GD-PLAY-2: legalPlays lists each distinct play once; a malformed line gets an error and the stream goes on', () => {
    const out = oracle([
      'this is not json',
      JSON.stringify({
        op: 'legalPlays',
        hand: ['BJ', 'BJ', 'S4'],
        toBeat: { type: 'single', rank: 'A', length: 1 },
        level: '5',
      }),
      JSON.stringify({ op: 'classify', cards: ['S3', 'S3', 'S3'], level: '2' }),
      JSON.stringify({ op: 'dance' }),
    ]);
    expect(out[0]).toMatchObject({ ok: false, error: expect.any(String) as string });
    expect(out[1]).toEqual({
      ok: true,
      plays: [{ cards: ['BJ'], as: { type: 'single', rank: 'BJ', length: 1 } }],
    });
    expect(out[2]).toMatchObject({ ok: false, rule: 'GD-DECK-1' });
    expect(out[3]).toMatchObject({ ok: false, error: expect.any(String) as string });
  });

  it('replay: a recorded deal replays to its final state; a tampered play is rejected with its rule ID', () => {
    const match = playRandomMatch({ ruleset: cga2017, seed: 'cli-replay', maxHands: 2 });
    if (!match.ok) expect.fail(match.violation.message);
    const events = [...match.events];
    const played = events.findIndex((e, i) => e.type === 'CardsPlayed' && i > 10 && !e.data.lead);
    const tampered = events.map((e, i) =>
      i === played && e.type === 'CardsPlayed'
        ? { ...e, data: { ...e.data, seat: e.data.seat === 'S' ? 'E' : 'S' } }
        : e,
    );
    const malformed = { type: 'MatchCreated', data: { ruleset: { name: 'x' } } };
    const out = oracle([
      JSON.stringify({ op: 'replay', events }),
      JSON.stringify({ op: 'replay', events: tampered }),
      JSON.stringify({ op: 'replay', events: [malformed] }),
    ]);
    expect(out[0]).toMatchObject({ ok: true, state: { levels: match.state.levels, handsPlayed: 2 } });
    expect(out[1]).toMatchObject({ ok: false, rule: 'GD-PEN-11', index: played });
    expect(out[2]).toMatchObject({ ok: false, error: expect.any(String) as string });
  });
});
