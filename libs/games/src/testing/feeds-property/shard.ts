/**
 * One worker process of the feeds property (feeds.property.spec.ts bundles it with the libraries'
 * source it imports and runs the bundle): `runs` random matches from fast-check
 * seed `seed`, then one JSON line on stdout — the tally, or the counterexample that failed.
 */
import fc from 'fast-check';
import { checkMatch, emptyTally } from './check-match';
import { matchArbitraries } from './arbitraries';

const [runsArg, seedArg] = process.argv.slice(2);
const runs = Number(runsArg);
const seed = Number(seedArg);
const tally = emptyTally();
const result = fc.check(
  fc.property(...matchArbitraries, (matchSeed, rulesetIndex, delayMs) => {
    checkMatch(matchSeed, rulesetIndex, delayMs, tally);
  }),
  { numRuns: runs, seed },
);
const failure = result.failed
  ? {
      counterexample: result.counterexample,
      error: String(result.errorInstance),
      seed,
      path: result.counterexamplePath,
    }
  : null;
// CPU time, not wall time: on a shared machine it says what the run costs, whatever the load.
const { user, system } = process.cpuUsage();
const cpuSeconds = (user + system) / 1e6;
process.stdout.write(`${JSON.stringify({ tally, failure, cpuSeconds })}\n`);
