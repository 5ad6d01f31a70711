// Tournament standings benchmark: the standings (every tie-break step explained) after one more
// result lands, kept by the incremental ledger the tournament projection uses, 500 pairs, for the 000 chain (TRN-TB-1) and the 003 chain (TRN-TB-2,
// which also ranks the previous round for its step 7).
// Also the bytes of the standings JSON after a first round of 1000 and 2000 pairs (most still tied)
// and the time to serialise them. Prints its markdown section on stdout; progress on stderr. Run with `npm run bench -- tournament-standings`.
import { computeStandings, StandingsLedger, type Ruleset } from '@tablecast/tournament';
import { seededEvent, type SeededEvent } from '@tablecast/tournament/testing';
import { loadavg } from 'node:os';
import { fmt, markdownTable, sampleMicros, summarize } from './lib/stats';

const ENTRANTS = 500;
const ROUNDS = 6;
const TARGET_MS = 20;

/** A seeded event: random pairings and final levels, so every tie-break step has work to do. */
const event = (ruleset: Ruleset, entrantCount = ENTRANTS, rounds = ROUNDS): SeededEvent =>
  seededEvent(ruleset, entrantCount, rounds);

const rows: string[][] = [];
for (const ruleset of ['cga2017', 'cesa2023'] as const) {
  const { entrants, results } = event(ruleset);
  // The last round's results land one by one; each sample is the standings after one of them.
  const before = results.filter((r) => r.round < ROUNDS);
  const last = results.filter((r) => r.round === ROUNDS);
  process.stderr.write(`tournament-standings bench: ${ruleset}\n`);
  const ledger = new StandingsLedger({ ruleset });
  for (const e of entrants) ledger.addEntrant(e);
  for (const r of before) ledger.record(r);
  ledger.standings();
  let landed = 0;
  // Each sample: one more result of the last round lands and the standings are read; the 250
  // results of the round cover the warm-up and every sample.
  const samples = sampleMicros(
    last.length - 10,
    () => {
      const result = last[landed];
      landed += 1;
      if (result === undefined) throw new RangeError('bench: more samples than results in the round');
      ledger.record(result);
      ledger.standings();
    },
    5,
  );
  const s = summarize(samples.map((micros) => micros / 1000));
  const chain = ruleset === 'cga2017' ? 'TRN-TB-1 (000)' : 'TRN-TB-2 (003)';
  rows.push([
    `standings after a result, ${String(ENTRANTS)} pairs, round ${String(ROUNDS)}, ${chain}`,
    fmt(s.median),
    fmt(s.p99),
    fmt(s.max),
    String(TARGET_MS),
    s.p99 <= TARGET_MS ? 'yes' : 'no',
  ]);
}

// The standings a projection writes after a qualifier's first round, when most pairs are still
// tied: their JSON's bytes and the time to serialise them, for n and 2n pairs (linear: twice).
const sizeRows: string[][] = [];
for (const pairs of [1000, 2000]) {
  const rowsOf = computeStandings({ ruleset: 'cga2017', ...event('cga2017', pairs, 1) });
  let json = '';
  const samples = sampleMicros(
    5,
    () => {
      json = JSON.stringify(rowsOf);
    },
    1,
  );
  sizeRows.push([
    `standings JSON after round 1, ${String(pairs)} pairs, TRN-TB-1 (000)`,
    String(Buffer.byteLength(json)),
    fmt(summarize(samples.map((micros) => micros / 1000)).median),
  ]);
}

process.stdout.write(
  `## Tournament standings\n\n${markdownTable(['case', 'bytes', 'median ms to serialise'], sizeRows)}\n\n${markdownTable(['case', 'median ms', 'p99 ms', 'max ms', 'target ms', 'p99 within target'], rows)}\n\n` +
    `Each sample records one more result of the last round in the incremental ledger (StandingsLedger) and reads the standings (every row with every tie-break step explained). Load average at the end: ${loadavg()
      .map((x) => fmt(x))
      .join(', ')}.\n`,
);
