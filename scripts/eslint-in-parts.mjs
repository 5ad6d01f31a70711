#!/usr/bin/env node
// `npm run lint`'s ESLint: the whole tree, as `eslint --max-warnings 0 .` would lint it, in parts,
// each its own process, two at a time. One process over the whole tree keeps every TypeScript
// project of the type-aware rules in one heap and ran out of Node's default 4 GB (the libraries
// alone take 3.4 GB); parts also let the two cores work at once. The last part is the tree less
// the others, so together they cover exactly what `.` covers.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PARTS = [
  ['libs/guandan', 'libs/doudizhu', 'libs/bigtwo', 'libs/cards', 'libs/game-kit', 'libs/bots'],
  [
    'libs/games',
    'libs/tournament',
    'libs/events',
    'libs/event-store',
    'libs/protocol',
    'libs/broadcast',
    'libs/bus',
    'libs/projections',
    'libs/replay',
    'libs/simulation',
    'libs/arbitration',
    'libs/obs',
  ],
  ['apps'],
];
const named = PARTS.flat();
// A library missing from the parts is linted with the rest, never left out.
const rest = ['.', ...named.flatMap((path) => ['--ignore-pattern', `${path}/**`])];
const runs = [...PARTS, rest];

function lint(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['eslint', '--max-warnings', '0', ...args], { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      resolve(code === 0 ? null : `eslint ${args[0]}… ${signal ?? `exit ${String(code)}`}`);
    });
  });
}

const failures = [];
let next = 0;
async function worker() {
  while (next < runs.length) {
    const args = runs[next];
    next += 1;
    const failure = await lint(args);
    if (failure !== null) failures.push(failure);
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, () => worker()));
if (failures.length > 0) {
  process.stderr.write(`eslint-in-parts: ${failures.join('; ')}\n`);
  process.exit(1);
}
