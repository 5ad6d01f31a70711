// Guandan rules engine benchmarks: legalPlays leading and following, classify, a full hand.
// Prints its markdown section on stdout; progress on stderr. Run with `npm run bench -- guandan`.
import {
  doubleDeck,
  faceOfCard,
  RANKS,
  seededPrng,
  seededShuffle,
  type Face,
  type Rank,
} from '@tablecast/cards';
import { cga2017, classify, legalPlays, playRandomMatch, type Reading } from '@tablecast/guandan';
import { loadavg } from 'node:os';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';

interface Case {
  readonly name: string;
  readonly target: number;
  readonly samples: number[];
}

/** Random 27-card hands holding both heart level cards (the wildcards), at random levels. */
function handsWithBothWildcards(count: number): { hand: Face[]; level: Rank }[] {
  const prng = seededPrng('bench-hands');
  return Array.from({ length: count }, (_, i) => {
    const level = RANKS[prng.next() % 13] ?? '2';
    const wild = `H${level}` as Face;
    const rest = seededShuffle(doubleDeck(), `bench-hand-${i}`)
      .map(faceOfCard)
      .filter((f) => f !== wild)
      .slice(0, 25);
    return { hand: [...rest, wild, wild], level };
  });
}

/** Five-card straights with one card replaced by the wildcard. */
function straightsWithOneWildcard(count: number): { cards: Face[]; level: Rank }[] {
  const prng = seededPrng('bench-straights');
  const suits = ['S', 'H', 'C', 'D'] as const;
  return Array.from({ length: count }, () => {
    const level = RANKS[prng.next() % 13] ?? '2';
    const low = prng.next() % 9; // tops 6…A: windows starting at 2…T
    const cards = [0, 1, 2, 3, 4].map(
      (d) => `${suits[prng.next() % 4] ?? 'S'}${RANKS[low + d] ?? '2'}` as Face,
    );
    cards[prng.next() % 5] = `H${level}` as Face;
    return { cards, level };
  });
}

const hands = handsWithBothWildcards(500);
const pick = (i: number): { hand: Face[]; level: Rank } =>
  hands[i % hands.length] ?? { hand: [], level: '2' };
const following = (toBeat: Reading) => (i: number) => {
  const { hand, level } = pick(i);
  legalPlays(hand, toBeat, level);
};

const cases: Case[] = [];
const run = (name: string, target: number, samples: number, fn: (i: number) => void): void => {
  process.stderr.write(`guandan bench: ${name}\n`);
  cases.push({ name, target, samples: sampleMicros(samples, fn, 300) });
};

const leadsPerHand =
  hands.reduce((n, { hand, level }) => n + legalPlays(hand, null, level).length, 0) / hands.length;
run('legalPlays, leading (27 cards, both wildcards)', 1000, 2000, (i) => {
  const { hand, level } = pick(i);
  legalPlays(hand, null, level);
});
run('legalPlays, following a pair (8s)', 100, 5000, following({ type: 'pair', rank: '8', length: 2 }));
run(
  'legalPlays, following a straight (5-9)',
  100,
  5000,
  following({ type: 'straight', rank: '9', length: 5 }),
);
run('legalPlays, following a bomb (four 9s)', 100, 5000, following({ type: 'bomb', rank: '9', length: 4 }));
const plays = straightsWithOneWildcard(1000);
run('classify, 5-card play with one wildcard', 5, 100_000, (i) => {
  const play = plays[i % plays.length];
  if (play !== undefined) classify(play.cards, play.level);
});
run('full random hand (deal, cut-card lead, play to the end; random legal bots)', 5000, 600, (i) => {
  const result = playRandomMatch({ ruleset: cga2017, seed: `bench-full-${i}`, maxHands: 1 });
  if (!result.ok) throw new Error(result.violation.message);
});

const rows = cases.map((c) => {
  const s = summarize(c.samples);
  const verdict = s.median < c.target ? 'met' : '**missed**';
  return [c.name, String(s.count), fmt(s.median), fmt(s.p99), fmt(s.mean), `< ${fmt(c.target)}`, verdict];
});
process.stdout.write(
  [
    '## Guandan rules engine (`@tablecast/guandan`)',
    '',
    'Times in µs per call, measured with `process.hrtime` around each call after a warm-up. Hands: 500',
    `random 27-card hands each holding both wildcards at a random level (on average ${fmt(leadsPerHand, 0)} distinct legal leads per hand).`,
    'The full-hand case is one deal of a new game (deal with commitment, first lead by the cut card, random legal bots until the deal ends), decide + evolve for every command.',
    `1-minute load average at the end of the run: ${fmt(loadavg()[0] ?? 0)} on this machine (other jobs share it; p99 and mean include their preemption, the median is the figure to compare with the targets).`,
    '',
    markdownTable(['case', 'samples', 'median', 'p99', 'mean', 'target (median)', 'target'], rows),
  ].join('\n'),
);
