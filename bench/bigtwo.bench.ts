// Big Two rules benchmarks: legalPlays leading and following, classify, one whole board by random legal bots.
// Prints its markdown section on stdout; progress on stderr. Run with `npm run bench -- bigtwo`.
import {
  DEFAULT_BIGTWO_RULES,
  bigTwoDeck,
  classify,
  legalPlays,
  playRandomB2Boards,
  type B2Reading,
} from '@tablecast/bigtwo';
import { seededShuffle, type Face } from '@tablecast/cards';
import { loadavg } from 'node:os';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';

interface Case {
  readonly name: string;
  readonly target: number;
  readonly samples: number[];
}

const RULES = DEFAULT_BIGTWO_RULES;
/** The issue's hand, `3D 4C 5H 6S 7D 7C 7H 7S 9S JS QS KS 2S` (rank first), in the cards' notation. */
const ISSUE_HAND: Face[] = ['D3', 'C4', 'H5', 'S6', 'D7', 'C7', 'H7', 'S7', 'S9', 'SJ', 'SQ', 'SK', 'S2'];

/** Random hands as dealt: 13 cards of a seeded shuffle of the 52. */
const hands: Face[][] = Array.from({ length: 500 }, (_, i) =>
  seededShuffle(bigTwoDeck(), `b2-bench-13-${i}`).slice(0, 13),
);
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

// Readings to follow: what the hands themselves could lead, every type that occurs.
const leads = hands.flatMap((hand) => legalPlays(hand, null, RULES));
const toFollow: B2Reading[] = leads.filter((_, i) => i % 7 === 0).map((play) => play.reading);
const plays: Face[][] = leads.filter((_, i) => i % 3 === 0).map((play) => [...play.faces]);
const leadsPer = hands.reduce((n, hand) => n + legalPlays(hand, null, RULES).length, 0) / hands.length;

const cases: Case[] = [];
const run = (name: string, target: number, samples: number, fn: (i: number) => void): void => {
  process.stderr.write(`bigtwo bench: ${name}\n`);
  cases.push({ name, target, samples: sampleMicros(samples, fn, 2000) });
};

const read = (faces: Face[]): B2Reading => {
  const reading = classify(faces, RULES);
  if (reading === null) throw new Error(`${faces.join(' ')} is no combination`);
  return reading;
};
const SINGLE_9S = read(['S9']);
const PAIR_OF_8 = read(['D8', 'H8']);
const STRAIGHT_TO_9 = read(['D5', 'C6', 'H7', 'S8', 'D9']);

run('legalPlays, leading, the issue hand 3D 4C 5H 6S 7D 7C 7H 7S 9S JS QS KS 2S', 10, 20_000, () => {
  legalPlays(ISSUE_HAND, null, RULES);
});
run('legalPlays, leading, random 13-card hands', 10, 20_000, (i) => {
  legalPlays(pick(hands, i), null, RULES);
});
run('legalPlays, following a single 9♠, the issue hand', 3, 50_000, () => {
  legalPlays(ISSUE_HAND, SINGLE_9S, RULES);
});
run('legalPlays, following a pair of 8s, random 13-card hands', 3, 50_000, (i) => {
  legalPlays(pick(hands, i), PAIR_OF_8, RULES);
});
run('legalPlays, following a straight 5-9, random 13-card hands', 3, 50_000, (i) => {
  legalPlays(pick(hands, i), STRAIGHT_TO_9, RULES);
});
run('legalPlays, following random leads, random 13-card hands', 3, 50_000, (i) => {
  legalPlays(pick(hands, i), pick(toFollow, i * 7 + 3), RULES);
});
// One classify is below the clock's resolution per call: each sample times 100 calls, reported per call.
const BATCH = 100;
process.stderr.write('bigtwo bench: classify\n');
cases.push({
  name: 'classify, random legal plays (1–5 cards)',
  target: 1,
  samples: sampleMicros(
    5000,
    (i) => {
      for (let k = 0; k < BATCH; k += 1) classify(pick(plays, i * BATCH + k), RULES);
    },
    200,
  ).map((micros) => micros / BATCH),
});

// A whole board through the engine (decide + evolve on every command), played by the simulator's
// random legal bots: the deal and its commitment, the show and double choices, the play to the end
// and the score. Each sample is one seeded match of one board, so it also holds creating and
// ending the match (two small decisions).
let boardEvents = 0;
let boardRuns = 0;
run('one whole board: deal, show, double, play by random legal bots', 200, 3000, (i) => {
  const match = playRandomB2Boards({ seed: `b2-bench-board-${i}`, boards: 1 });
  if (!match.ok) throw new Error(`board ${i}: ${match.command.type} refused: ${match.violation.rule}`);
  boardRuns += 1;
  boardEvents += match.events.length;
});

const rows = cases.map((c) => {
  const s = summarize(c.samples);
  const verdict = s.median < c.target ? 'met' : '**missed**';
  return [
    c.name,
    String(s.count),
    fmt(s.median, 3),
    fmt(s.p99, 3),
    fmt(s.mean, 3),
    `< ${fmt(c.target)}`,
    verdict,
  ];
});
process.stdout.write(
  [
    '## Big Two rules (`@tablecast/bigtwo`)',
    '',
    'Times in µs per call, measured with `process.hrtime` around each call after a warm-up (classify: around 100 calls,',
    `divided by 100). Hands: 500 seeded random 13-card hands (on average ${fmt(leadsPer, 0)} distinct legal leads); the issue's`,
    `hand has ${legalPlays(ISSUE_HAND, null, RULES).length} distinct leads (the reference TypeScript library took about 920 µs on it).`,
    'Followed readings are drawn from what the random hands can lead, every type that occurs. Ruleset: DEC-B2-1 (straight key (a)).',
    "The whole board is one seeded match of one board played by the simulator's random legal bots (`playRandomB2Boards`:",
    "every command decided and folded by the engine, the deal committed by sha256; the match's creation and end included),",
    `on average ${fmt(boardEvents / boardRuns, 0)} events a board.`,
    `1-minute load average at the end of the run: ${fmt(loadavg()[0] ?? 0)} on this machine (other jobs share it; p99 and mean include their preemption, the median is the figure to compare with the targets).`,
    '',
    markdownTable(['case', 'samples', 'median', 'p99', 'mean', 'target (median)', 'target'], rows),
  ].join('\n'),
);
