// Dou Dizhu rules benchmarks: legalPlays leading and following, classify, one whole board by random legal bots.
// Prints its markdown section on stdout; progress on stderr. Run with `npm run bench -- doudizhu`.
import { seededShuffle, singleDeck, type Face } from '@tablecast/cards';
import { classify, ddzLegalPlays, playRandomBoards, type DdzReading } from '@tablecast/doudizhu';
import { loadavg } from 'node:os';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';

interface Case {
  readonly name: string;
  readonly target: number;
  readonly samples: number[];
}

/** The landlord hand of the issue: 17 dealt cards and the kitty. */
const LANDLORD: Face[] = [
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

/** Random hands as dealt: 17 cards to a defender, 20 to the landlord (17 and the kitty). */
function hands(count: number, size: number): Face[][] {
  return Array.from({ length: count }, (_, i) =>
    seededShuffle(singleDeck(), `ddz-bench-${size}-${i}`).slice(0, size),
  );
}

const defenders = hands(500, 17);
const landlords = hands(500, 20);
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

// Readings to follow: what the hands themselves could lead, every type that occurs.
const leads = defenders.flatMap((hand) => ddzLegalPlays(hand, null));
const toFollow: DdzReading[] = leads.filter((_, i) => i % 7 === 0).map((play) => play.as);
const plays: Face[][] = leads.filter((_, i) => i % 3 === 0).map((play) => [...play.cards]);
const leadsPer = (list: readonly Face[][]): number =>
  list.reduce((n, hand) => n + ddzLegalPlays(hand, null).length, 0) / list.length;

const cases: Case[] = [];
const run = (name: string, target: number, samples: number, fn: (i: number) => void): void => {
  process.stderr.write(`doudizhu bench: ${name}\n`);
  cases.push({ name, target, samples: sampleMicros(samples, fn, 500) });
};

const PAIR_OF_8: DdzReading = { type: 'pair', rank: '8', length: 2 };
const STRAIGHT_TO_9: DdzReading = { type: 'straight', rank: '9', length: 5 };
const SINGLE_K: DdzReading = { type: 'single', rank: 'K', length: 1 };

run('legalPlays, leading, the landlord hand 333444555 6…A 2 RJ', 20, 5000, () => {
  ddzLegalPlays(LANDLORD, null);
});
run('legalPlays, leading, random 20-card landlord hands', 20, 5000, (i) => {
  ddzLegalPlays(pick(landlords, i), null);
});
run('legalPlays, leading, random 17-card hands', 20, 5000, (i) => {
  ddzLegalPlays(pick(defenders, i), null);
});
run('legalPlays, following a single K, the landlord hand', 5, 20_000, () => {
  ddzLegalPlays(LANDLORD, SINGLE_K);
});
run('legalPlays, following a pair of 8s, random 17-card hands', 5, 20_000, (i) => {
  ddzLegalPlays(pick(defenders, i), PAIR_OF_8);
});
run('legalPlays, following a straight 5-9, random 17-card hands', 5, 20_000, (i) => {
  ddzLegalPlays(pick(defenders, i), STRAIGHT_TO_9);
});
run('legalPlays, following random leads, random 17-card hands', 5, 20_000, (i) => {
  ddzLegalPlays(pick(defenders, i), pick(toFollow, i * 7 + 3));
});
// One classify is below the clock's resolution per call: each sample times 100 calls, reported per call.
const BATCH = 100;
const classifyCase = (name: string, cardsAt: (i: number) => Face[]): void => {
  process.stderr.write(`doudizhu bench: ${name}\n`);
  const samples = sampleMicros(
    5000,
    (i) => {
      for (let k = 0; k < BATCH; k += 1) classify(cardsAt(i * BATCH + k));
    },
    200,
  ).map((micros) => micros / BATCH);
  cases.push({ name, target: 1, samples });
};
classifyCase('classify, random legal plays (1–20 cards)', (i) => pick(plays, i));
classifyCase('classify, the landlord hand (20 cards, no combination)', () => LANDLORD);

// A whole board through the engine (decide + evolve on every command), played by the simulator's
// random legal bots: the deal and its commitment, bidding (a redeal after three passes included),
// doubling, the kitty, the play to the end and the score. Each sample is one seeded match of one
// board, so it also holds creating and ending the match (two small decisions).
let boardEvents = 0;
let boardsRedealt = 0;
let boardRuns = 0;
run('one whole board: deal, bidding, doubling, play by random legal bots', 300, 3000, (i) => {
  const match = playRandomBoards({ seed: `ddz-bench-board-${i}`, boards: 1 });
  if (!match.ok) throw new Error(`board ${i}: ${match.command.type} refused: ${match.violation.rule}`);
  boardRuns += 1;
  boardEvents += match.events.length;
  if (match.events.some((e) => e.type === 'BoardPassedOut')) boardsRedealt += 1;
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
    '## Dou Dizhu rules (`@tablecast/doudizhu`)',
    '',
    'Times in µs per call, measured with `process.hrtime` around each call after a warm-up (classify: around 100 calls,',
    `divided by 100). Hands: 500 seeded random 17-card hands (on average ${fmt(leadsPer(defenders), 0)} distinct legal leads) and 500`,
    `20-card hands (${fmt(leadsPer(landlords), 0)} leads); the landlord hand of the issue has ${ddzLegalPlays(LANDLORD, null).length} distinct leads.`,
    'Followed readings are drawn from what the random hands can lead, every type that occurs.',
    "The whole board is one seeded match of one board played by the simulator's random legal bots (`playRandomBoards`:",
    "every command decided and folded by the engine, the deal committed by sha256; the match's creation and end included),",
    `on average ${fmt(boardEvents / boardRuns, 0)} events a board; ${fmt((100 * boardsRedealt) / boardRuns, 1)} % of the boards were redealt after three passes.`,
    `1-minute load average at the end of the run: ${fmt(loadavg()[0] ?? 0)} on this machine (other jobs share it; p99 and mean include their preemption, the median is the figure to compare with the targets).`,
    '',
    markdownTable(['case', 'samples', 'median', 'p99', 'mean', 'target (median)', 'target'], rows),
  ].join('\n'),
);
