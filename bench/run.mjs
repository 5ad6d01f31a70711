#!/usr/bin/env node
// Runs every bench/*.bench.ts (or those named on the command line) and rewrites their sections
// of bench/RESULTS.md, each stamped with the machine, Node version and date of the run.
// A bench script prints its section as markdown on stdout; progress goes to stderr.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsPath = join(benchDir, 'RESULTS.md');
const wanted = process.argv.slice(2);
const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const names = wanted.length > 0 ? all.filter((n) => wanted.includes(n)) : all;
if (names.length === 0) {
  console.error(`bench: nothing to run; known benchmarks: ${all.join(', ')}`);
  process.exit(2);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;

// Benchmarks import the built libraries (dist), as production does.
execFileSync('npx', ['tsc', '-b', 'tsconfig.json'], { cwd: join(benchDir, '..'), stdio: 'inherit' });

let results = existsSync(resultsPath)
  ? readFileSync(resultsPath, 'utf8')
  : '# Benchmark results\n\nWritten by `npm run bench` (bench/run.mjs). Each section names the machine and date of its run.\n';

let failed = false;
for (const name of names) {
  console.error(`bench: running ${name}`);
  const run = spawnSync('npx', ['tsx', join(benchDir, `${name}.bench.ts`)], {
    cwd: join(benchDir, '..'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    console.error(`bench: ${name} failed with exit code ${run.status}`);
    failed = true;
    continue;
  }
  const stamp = `_Run ${new Date().toISOString()} on ${machine}. Command: \`npm run bench -- ${name}\`._`;
  const section = `<!-- bench:${name} -->\n${run.stdout.trim()}\n\n${stamp}\n<!-- /bench:${name} -->`;
  const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
  results = pattern.test(results)
    ? results.replace(pattern, section)
    : `${results.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsPath, results);
  process.stdout.write(`${section}\n\n`);
}
process.exit(failed ? 1 : 0);
