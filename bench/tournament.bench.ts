// Tournament benchmarks: one Swiss round of 1,000 entrants paired with the full history of the
// rounds before it (target: under 200 ms), then the server ones (tournament-server.ts: 50 tables
// at operator pace, a 200-table online qualifier; BENCH_TRN_SERVER=0 skips them). Prints its
// markdown section on stdout; progress on stderr. Run with `npm run bench -- tournament`.
import { pairSwissRound, type SwissEntrant, type SwissOptions } from '@tablecast/tournament';
import Decimal from 'decimal.js';
import { loadavg } from 'node:os';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';
import { onlineQualifier, operatorPace } from './tournament-server';

interface Field {
  readonly round: number;
  readonly entrants: SwissEntrant[];
  readonly history: [string, string][];
}

/** Match points by a fixed rotation of outcomes, so every run builds the same event. */
const OUTCOMES = [
  ['2', '0'],
  ['1', '1'],
  ['0', '2'],
  ['1.5', '0.5'],
  ['0.3', '1.7'],
] as const;

/** Plays `rounds` rounds of a Swiss event of `size` entrants in `units` units and returns the field for the next round. */
function eventAfter(size: number, rounds: number, units: number, options: Partial<SwissOptions>): Field {
  const ids = Array.from({ length: size }, (_, i) => `E${i + 1}`);
  const score = new Map(ids.map((id) => [id, new Decimal(0)]));
  const byes = new Map(ids.map((id) => [id, 0]));
  const history: [string, string][] = [];
  const field = (round: number): Field => ({
    round,
    history: [...history],
    entrants: ids.map((id, i) => ({
      id,
      score: (score.get(id) ?? new Decimal(0)).toString(),
      unit: `U${i % units}`,
      byes: byes.get(id) ?? 0,
    })),
  });
  let k = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const paired = pairSwissRound(field(round), options);
    if (!paired.ok) throw new Error(`round ${round}: ${paired.error}`);
    for (const [a, b] of paired.pairs) {
      const [sa, sb] = OUTCOMES[k % OUTCOMES.length] ?? OUTCOMES[0];
      k += 7;
      score.set(a, (score.get(a) ?? new Decimal(0)).plus(sa));
      score.set(b, (score.get(b) ?? new Decimal(0)).plus(sb));
      history.push([a, b]);
    }
    if (paired.bye !== null) byes.set(paired.bye, (byes.get(paired.bye) ?? 0) + 1);
  }
  return field(rounds + 1);
}

interface Case {
  readonly name: string;
  readonly target: number;
  readonly samples: number[];
}
const cases: Case[] = [];
const run = (name: string, field: Field, options: Partial<SwissOptions>): void => {
  process.stderr.write(`tournament bench: ${name}\n`);
  const samples = sampleMicros(
    15,
    () => {
      const paired = pairSwissRound(field, options);
      if (!paired.ok) throw new Error(paired.error);
    },
    3,
  ).map((micros) => micros / 1000);
  cases.push({ name, target: 200, samples });
};

const swiss000 = { rules: '000', firstRound: 'lot', seed: 'bench' } as const;
run(
  '1,000 entrants, round 10 after 9 rounds (000 order, 8,991 meetings of history)',
  eventAfter(1000, 9, 40, swiss000),
  swiss000,
);
const swiss003 = { rules: '003', totalRounds: 10, firstRound: 'lot', seed: 'bench' } as const;
run(
  '1,000 entrants, round 10 of 10 after 9 rounds (003 order, same-unit rule on, 40 units)',
  eventAfter(1000, 9, 40, swiss003),
  swiss003,
);
run(
  '999 entrants, round 10 after 9 rounds (000 order, a bye to place)',
  eventAfter(999, 9, 40, swiss000),
  swiss000,
);

const rows = cases.map((c) => {
  const s = summarize(c.samples);
  return [
    c.name,
    String(s.count),
    fmt(s.median, 1),
    fmt(s.p99, 1),
    fmt(s.mean, 1),
    `< ${fmt(c.target, 0)}`,
    s.median < c.target ? 'met' : '**missed**',
  ];
});
process.stdout.write(
  [
    '## Tournament pairing (`@tablecast/tournament`)',
    '',
    'Times in ms per Swiss round paired by `pairSwissRound` (the built library), after 3 warm-up pairings. Each event is',
    'played round by round by the library itself with a fixed rotation of results, so the history is the real one of a',
    'Swiss (every meeting of the earlier rounds), and the pairing checks each candidate against all of it.',
    `1-minute load average at the end of the run: ${fmt(loadavg()[0] ?? 0)} on this machine (other jobs share it; the median is the figure to compare).`,
    '',
    markdownTable(['case', 'samples', 'median', 'p99', 'mean', 'target (median)', 'target'], rows),
  ].join('\n'),
);

async function serverBenches(): Promise<void> {
  const pace = await operatorPace();
  const qualifier = await onlineQualifier();
  process.stdout.write(
    [
      '',
      '',
      '## Tournament on the server (`apps/server`, built)',
      '',
      'The built server in its own process, its event loop on core 0, the bench clients on core 1 (bench/lib/match-server.ts).',
      'Settings: BENCH_TRN_PACE_TABLES (50), BENCH_TRN_PACE_MS (1000), BENCH_TRN_QUALIFIER_TABLES (200),',
      'BENCH_TRN_QUALIFIER_DEALS (2), BENCH_TRN_QUALIFIER_SECONDS (30), BENCH_TRN_QUALIFIER_TRANSPORT (play: the seats on',
      '/ws/play as devices; http: every command a staff POST), BENCH_TRN_QUALIFIER_ROLE (all: everything in one process;',
      'api: the qualifier server as one api process, its feeds elsewhere); BENCH_SERVER_NODE_ARGS=--cpu-prof profiles the server.',
      '',
      pace,
      '',
      qualifier,
    ].join('\n'),
  );
}

if (process.env.BENCH_TRN_SERVER !== '0')
  serverBenches().catch((error: unknown) => {
    process.stderr.write(
      `tournament bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
