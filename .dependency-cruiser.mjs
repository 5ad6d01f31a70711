// The platform's package boundaries, checked by `npm run lint:deps` (part of `npm run lint`).
// Known violations from before the game-module seam are listed in .dependency-cruiser-known-violations.json:
// they are tolerated until the seam removes them, and anything new breaks the build.
// Re-list them only when one is gone: `npm run lint:deps:baseline`.
import { readFileSync } from 'node:fs';

/** Libraries any game builds on: they must not know any game. */
const GENERIC_LIBS = [
  'events',
  'event-store',
  'protocol',
  'broadcast',
  'bus',
  'cards',
  'game-kit',
  'tournament',
  'replay',
  'arbitration',
  'simulation',
  'projections',
];
/** One package per game (libs/bots holds the Guandan bots). The registry, libs/games, may import them. */
const GAME_LIBS = ['guandan', 'bots', 'doudizhu', 'bigtwo'];
/** The applications' package names: nothing imports them, whether by name or by path. */
const APP_PACKAGES = ['@tablecast/server', 'tablecast'];

const any = (names) => `(${names.join('|')})`;
/** A workspace package as the resolver sees it (through its node_modules link) or, unresolved, by name. */
const packagePath = (names) => `^(node_modules/)?${any(names)}(/|$)`;
const gameLib = `^libs/${any(GAME_LIBS)}/|${packagePath(GAME_LIBS.map((name) => `@tablecast/${name}`))}`;

/** Test tools live in the root package (vitest, fast-check, playwright-core…): test code may use them. */
const rootDevDependencies = Object.keys(
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).devDependencies,
);
/** Test code: specs, the helpers in `testing/` folders, and contract suites other packages run. */
/** What an overlay page may import (see the overlay rules). */
const overlayAllowed = [
  '^overlays/',
  packagePath(['@tablecast/protocol']),
  // A `./view` subpath, by name or as resolved through the package's exports (dist/view.d.ts).
  '^(node_modules/)?@tablecast/[^/]+/(dist/)?view(\\.d\\.ts|\\.js)?(/|$)',
  '^(node_modules/)?(svelte|vite)(/|$)',
];

/**
 * Where in the overlays each game's library may be imported: its skin folder, overlays/src/games/<id>/
 * (the skin, and the game's own pages such as Guandan's operator console), and nowhere else; the
 * frame pages and the shared libs reach a game through the skin registry (overlays/src/games/registry.ts).
 * The player's terminal (pages/play) is Dou Dizhu's and Big Two's own page and still lives among the pages.
 */
const OVERLAY_GAME_HOMES = {
  guandan: ['games/guandan'],
  doudizhu: ['games/doudizhu', 'pages/play'],
  bigtwo: ['games/bigtwo', 'pages/play'],
  bots: [],
};
/** One rule per game: its library, imported in the overlays from outside its home folders. */
const overlayGameRules = Object.entries(OVERLAY_GAME_HOMES).map(([game, homes]) => ({
  name: `overlay-imports-${game}-outside-its-skin`,
  comment: `Only the ${game} skin folder (${homes.map((home) => `overlays/src/${home}/`).join(', ') || 'none'}) may import @tablecast/${game} (any subpath, tests included); a frame page or a shared lib asks the skin registry for the game of the view (view.game).`,
  severity: 'error',
  from: {
    path: '^overlays/src/',
    ...(homes.length > 0 ? { pathNot: `^overlays/src/${any(homes)}/` } : {}),
  },
  to: { path: `^libs/${game}/|${packagePath([`@tablecast/${game}`])}` },
}));

/**
 * A game's skin folder, overlays/src/games/<id>/, is entered only through the registries, the files
 * directly in overlays/src/games/ (registry.ts and the pages' registries): a frame page, a shared
 * page or a shared lib asks them for the game the view names (view.game), never for a game by hand.
 */
const overlaySkinFolderRules = Object.keys(OVERLAY_GAME_HOMES)
  .filter((game) => game !== 'bots')
  .map((game) => ({
    name: `overlay-enters-${game}-skin-outside-the-registry`,
    comment: `Only overlays/src/games/${game}/ itself and the registries (overlays/src/games/*.ts) may import overlays/src/games/${game}/ (tests included); a shared page or lib asks the registry by view.game.`,
    severity: 'error',
    from: {
      path: '^overlays/src/',
      pathNot: [`^overlays/src/games/${game}/`, '^overlays/src/games/[^/]+\\.ts$'],
    },
    to: { path: `^overlays/src/games/${game}/` },
  }));

const TEST_CODE = '\\.spec\\.ts$|/testing/|\\.contract\\.ts$';
/**
 * The root's harnesses: end-to-end specs, benchmarks and scripts. They belong to the root workspace,
 * which holds every package, and they drive the applications from outside (start the server, open
 * its store), so the package-declaration and app-import rules do not apply to them; the game rule does.
 */
const HARNESSES = '^(e2e|bench|scripts)/';
/**
 * Where Guandan's library may be imported: the game itself (libs/guandan, its bots in libs/bots), the
 * registry (libs/games), and the overlays, whose own rules admit only the game's skin folder. A game's
 * own benchmark, `bench/<game>.bench.ts`, measures the engine itself and is the one documented
 * exception. Everyone else reaches Guandan through the registry (`@tablecast/games`, its `./testing`
 * subpath for seeded playouts, bots' moves and the engine state a harness folds itself).
 */
const GUANDAN_PLACES = ['^libs/(guandan|bots|games)/', '^overlays/', '^bench/guandan\\.bench\\.ts$'];
/** An overlay's test code: its specs and the helpers in its `testing/` folders. */
const OVERLAY_TEST_CODE = [
  '^overlays/src/.+\\.spec\\.ts$',
  '^overlays/src/testing/',
  '^overlays/src/.+/testing/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'generic-lib-imports-game',
      comment:
        'A generic library (events, event-store, protocol, broadcast, cards, game-kit, tournament, replay, arbitration) imports a game library; games plug in through the game-kit contract and the registry (libs/games).',
      severity: 'error',
      from: { path: `^libs/${any(GENERIC_LIBS)}/` },
      to: { path: gameLib },
    },
    {
      name: 'generic-lib-imports-registry',
      comment:
        'A generic library imports the game registry (libs/games), and through it every game. The caller that opens a store or a feed passes in what the registry built (a module, the match log catalog).',
      severity: 'error',
      from: { path: `^libs/${any(GENERIC_LIBS)}/` },
      to: { path: `^libs/games/|${packagePath(['@tablecast/games'])}` },
    },
    {
      name: 'guandan-imported-outside-its-places',
      comment:
        'Something outside libs/guandan, libs/bots, the registry (libs/games) and the overlays imports @tablecast/guandan (spec files and harnesses included). Go through the registry: @tablecast/games, or @tablecast/games/testing in tests, benches and scripts.',
      severity: 'error',
      // The generic libraries answer to generic-lib-imports-game, whose known violations are listed.
      from: { pathNot: [...GUANDAN_PLACES, `^libs/${any(GENERIC_LIBS)}/`] },
      to: { path: `^libs/guandan/|${packagePath(['@tablecast/guandan'])}` },
    },
    {
      name: 'imports-an-app',
      comment:
        'Something outside an application imports it (apps/server, apps/cli). Code two apps share belongs in a library.',
      severity: 'error',
      from: { pathNot: ['^apps/', HARNESSES] },
      to: { path: `^apps/|${packagePath(APP_PACKAGES)}` },
    },
    {
      name: 'imports-another-app',
      comment: 'An application imports another one (by path or package name); share code through a library.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: `^apps/|${packagePath(APP_PACKAGES)}`, pathNot: '^apps/$1/' },
    },
    {
      name: 'overlay-outside-allowed-imports',
      comment:
        'Overlays import only their own files, @tablecast/protocol (and its zod-free ./producer subpath), a game’s ./view subpath (a game’s skin folder overlays/src/games/<id>/ its own game), their npm dependencies, and in tests vitest, ws and Node. On the day this rule came in they also imported @tablecast/cards, @tablecast/events and @tablecast/guandan: those imports are the known violations, to be replaced by the protocol’s view and the games’ view subpaths.',
      severity: 'error',
      from: { path: '^overlays/src/', pathNot: OVERLAY_TEST_CODE },
      to: {
        pathNot: overlayAllowed,
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'overlay-test-outside-allowed-imports',
      comment:
        'An overlay’s test code (specs, testing/ helpers) imports what the overlay may, plus its test tools (vitest, ws) and a package’s ./testing subpath (a game’s seeded playouts).',
      severity: 'error',
      from: { path: OVERLAY_TEST_CODE },
      to: {
        pathNot: [
          ...overlayAllowed,
          '^(node_modules/)?(vitest|ws)(/|$)',
          // A package's ./testing subpath, by name or as its exports resolve it: real matches to test with.
          '^(node_modules/)?@tablecast/[^/]+/(dist/)?testing(/index)?(\\.d\\.ts|\\.js)?(/|$)',
        ],
        dependencyTypesNot: ['core'],
      },
    },
    {
      name: 'overlay-skin-imports-another-game',
      comment: 'A game’s skin folder (overlays/src/games/<id>/) imports only its own game’s library.',
      severity: 'error',
      from: { path: '^overlays/src/games/([^/]+)/' },
      to: { path: gameLib, pathNot: [`^libs/$1/`, `^(node_modules/)?@tablecast/$1(/|$)`] },
    },
    ...overlayGameRules,
    ...overlaySkinFolderRules,
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that resolves to no file: a package not installed, a subpath its package does not export, or a typo. Run `npm run build` first (workspace packages resolve to their dist/).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'undeclared-dependency',
      comment:
        'A package imports an npm or workspace package its own package.json does not declare (tests may use the root’s dev tools).',
      severity: 'error',
      from: { pathNot: [TEST_CODE, HARNESSES] },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'undeclared-dependency-in-test',
      comment: 'A test imports a package that neither its package.json nor the root’s dev tools declare.',
      severity: 'error',
      from: { path: TEST_CODE, pathNot: HARNESSES },
      to: {
        dependencyTypes: ['npm-no-pkg', 'npm-unknown'],
        pathNot: packagePath(rootDevDependencies),
      },
    },
  ],
  options: {
    // Workspace packages keep their names (node_modules/@tablecast/<name>), so an import is checked
    // against the importing package's own package.json like any npm dependency.
    preserveSymlinks: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(libs/[^/]+|apps/[^/]+|overlays)/dist/', '^libs/games/schemas/'] },
    // Type-only imports are dependencies too: a generic type naming a game's type knows the game.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.d.ts', '.svelte', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      mainFields: ['types', 'main'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
