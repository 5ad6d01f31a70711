import { svelte } from '@sveltejs/vite-plugin-svelte';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Tests import the libraries' TypeScript source, so no build is needed to run a unit test. */
const libraryAliases = {
  // The protocol's zod-free subpath the overlays import (first: the first matching prefix wins).
  '@tablecast/protocol/producer': here('./libs/protocol/src/producer/index.ts'),
  // The event store's test helpers (its `./testing` export), likewise before the bare name.
  '@tablecast/event-store/testing': here('./libs/event-store/src/testing/index.ts'),
  '@tablecast/broadcast/testing': here('./libs/broadcast/src/testing/index.ts'),
  '@tablecast/bus/testing': here('./libs/bus/src/testing/index.ts'),
  // The game-module conformance suite (game-kit's `./testing` export).
  '@tablecast/game-kit/testing': here('./libs/game-kit/src/testing/index.ts'),
  // What tests outside the game libraries take of the registered games (the registry's `./testing`).
  '@tablecast/games/testing': here('./libs/games/src/testing/index.ts'),
  // The games' and the cards' view subpaths the overlays import.
  '@tablecast/guandan/view': here('./libs/guandan/src/view.ts'),
  '@tablecast/guandan/testing': here('./libs/guandan/src/testing/index.ts'),
  '@tablecast/cards/view': here('./libs/cards/src/view.ts'),
  '@tablecast/doudizhu/view': here('./libs/doudizhu/src/view.ts'),
  '@tablecast/bigtwo/view': here('./libs/bigtwo/src/view.ts'),
  // A real, headless OBS for the tests of the OBS bridge (the OBS library's `./testing` export).
  '@tablecast/obs/testing': here('./libs/obs/src/testing/index.ts'),
  // The rows of a projections file, to compare with a rebuild (the projections library's `./testing`).
  '@tablecast/projections/testing': here('./libs/projections/src/testing/index.ts'),
  ...Object.fromEntries(
    [
      'cards',
      'game-kit',
      'guandan',
      'doudizhu',
      'bigtwo',
      'games',
      'tournament',
      'bots',
      'events',
      'event-store',
      'broadcast',
      'bus',
      'protocol',
      'replay',
      'projections',
      'simulation',
      'obs',
      'arbitration',
    ].map((name) => [`@tablecast/${name}`, here(`./libs/${name}/src/index.ts`)]),
  ),
};

/**
 * The spec files that take longest (seconds on 2 cores, from the last whole CI run), longest first.
 * The unit and integration files share a pool of workers: started last, one of these would run on
 * alone at the end while the other cores idle. Vitest orders by its own record of durations when
 * it has one; a fresh clone (CI) has none, and its fallback (larger files first) starts them late.
 */
const KNOWN_LONG: readonly string[] = [
  'libs/games/src/feeds/feeds.property.spec.ts', // 1,028 s: 100,000 deals in CI (before its bundled workers)
  'apps/server/src/tournaments/whole-event.int.spec.ts', // about 200 s at 7 deals a match (26 s at 1)
  'apps/server/src/simulation/simulate.int.spec.ts', // 133 s
  'libs/guandan/src/sim/playout.spec.ts', // 73 s
  'apps/cli/src/commands/verify.command.int.spec.ts', // 67 s
  'apps/cli/src/commands/obs.command.int.spec.ts', // 44 s
  'apps/server/src/scale/event-outbox-server.int.spec.ts', // 31 s beside other jobs: two boots of a full server on the Kafka mock
  'apps/server/src/obs/obs-websocket.adapter.int.spec.ts', // 27 s
  'libs/doudizhu/src/sim/boards.property.spec.ts', // 25 s
  'apps/server/src/gateway/gateway-role.int.spec.ts', // 21 s
  'libs/bus/src/kafka/kafka-bus.int.spec.ts', // 18 s
  'apps/server/src/gateway/gateway-role-confluent.int.spec.ts', // 17 s
  'libs/bus/src/kafka-confluent/confluent-bus.int.spec.ts', // 16 s (41 s before its short connect timeout)
  'libs/bigtwo/src/sim/boards.property.spec.ts', // 14 s
  'apps/server/src/director/director.obs.int.spec.ts', // 13 s
];

/**
 * The feed specs that run a second time with the all role's feed producer in its worker thread
 * (FEEDS_THREAD=worker, read by testing/test-server.ts): the ones through every main-thread reader
 * of the feeds (the spectator listing and deal, the landing page's tables, the disclosures and a late
 * subscriber's snapshot, the arbiters' replay ledger, the producer's delay clocks, the director), not
 * every feed spec.
 */
const FEEDS_THREAD_SPECS: readonly string[] = [
  'apps/server/src/broadcast/watch.int.spec.ts',
  'apps/server/src/broadcast/feeds.int.spec.ts',
  'apps/server/src/landing/tables.controller.int.spec.ts',
  'apps/server/src/arbitration/arbitration.http.int.spec.ts',
  'apps/server/src/producer/producer-state.int.spec.ts',
  // Its proposal of a bomb: the director's moments from the fields sent beside each broadcast frame.
  'apps/server/src/producer/program.int.spec.ts',
];

/** NestJS needs decorator metadata, which esbuild does not emit; SWC does. */
const nestSwc = () =>
  swc.vite({
    tsconfigFile: false,
    module: { type: 'es6' },
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
  });

/** Vitest's order, with the known-long files moved to the front of it (longest first). */
class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const index = KNOWN_LONG.indexOf(relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/'));
      return index === -1 ? KNOWN_LONG.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { alias: libraryAliases },
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default is one worker fewer than the cores (one on a 2-core CI machine): the unit and
    // integration files then ran one at a time, each mostly waiting on one core. One per core; the
    // e2e project still runs its files alone (fileParallelism: false, a group of its own after).
    maxWorkers: availableParallelism(),
    // The longest files first, so none runs on alone at the end of the pool (LongFirstSequencer above).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        // bench/lib holds the benchmarks' pure helpers (schedules, statistics); their specs run here.
        test: {
          name: 'libs',
          include: ['libs/*/src/**/*.spec.ts', 'bench/lib/**/*.spec.ts'],
          environment: 'node',
          // Pure specs, but some fold thousands of events or build every JSON Schema: on a loaded
          // 2-core machine vitest's 5 s default is a bet on quiet, not a check of anything.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        plugins: [nestSwc()],
        test: {
          name: 'server',
          include: ['apps/*/src/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        plugins: [nestSwc()],
        test: {
          name: 'server-feeds-thread',
          include: [...FEEDS_THREAD_SPECS],
          environment: 'node',
          env: { FEEDS_THREAD: 'worker' },
          testTimeout: 30_000,
          // A server's boot waits for its feeds thread (spawned, its TypeScript loaded, caught up).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [svelte({ configFile: here('./overlays/svelte.config.js') })],
        test: {
          name: 'overlays',
          include: ['overlays/src/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // A game skin's screenshot spec renders its components on the server, their styles in the
        // page's head (css: 'injected'), and shows the page to Chromium.
        plugins: [
          svelte({ configFile: here('./overlays/svelte.config.js'), compilerOptions: { css: 'injected' } }),
        ],
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.spec.ts', 'tooling/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Browser and child-process tests share two cores; run their files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
