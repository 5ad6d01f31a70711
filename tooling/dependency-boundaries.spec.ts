import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package boundaries (.dependency-cruiser.mjs) fail the build, not just a report: a copy of
 * the repository's packages, with new files that cross a boundary, is checked by the very command
 * `npm run lint` runs, against the committed known violations. Each new crossing is reported, and
 * nothing else: the known violations of the day the rules came in stay tolerated.
 */
const repoRoot = resolve(__dirname, '..');
const WORKSPACES = [
  ...readdirSync(join(repoRoot, 'libs')).map((name) => `libs/${name}`),
  ...readdirSync(join(repoRoot, 'apps')).map((name) => `apps/${name}`),
  'overlays',
];
/** The root workspace's end-to-end specs, benchmarks and scripts, which `lint:deps` checks beside the packages. */
const HARNESSES = ['e2e', 'bench', 'scripts'];
/** Built output and installed packages are linked, not copied: resolution reads them, nothing writes. */
const LINKED = new Set(['dist', 'node_modules']);

/** From libs/cards/src up to the server's source, assembled so this file names no path outside tooling/. */
const serverFromCards = ['..', '..', '..', 'apps', 'server', 'src', 'bootstrap'].join('/');

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

let copy: string;

/** The packages' sources and manifests, the root manifest and the boundary config, in a temp dir. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tablecast-boundaries-'));
  for (const file of [
    'package.json',
    '.dependency-cruiser.mjs',
    '.dependency-cruiser-known-violations.json',
  ]) {
    copyFileSync(join(repoRoot, file), join(dir, file));
  }
  for (const workspace of WORKSPACES) {
    const from = join(repoRoot, workspace);
    if (!existsSync(join(from, 'package.json'))) continue;
    mkdirSync(join(dir, workspace), { recursive: true });
    for (const entry of readdirSync(from)) {
      if (LINKED.has(entry)) symlinkSync(join(from, entry), join(dir, workspace, entry));
      else cpSync(join(from, entry), join(dir, workspace, entry), { recursive: true });
    }
  }
  // The root's harnesses, which lint:deps checks too (their sources only: no screenshots, no output).
  for (const harness of HARNESSES) {
    cpSync(join(repoRoot, harness), join(dir, harness), {
      recursive: true,
      filter: (source) => !/\.png$|[\\/](dist|node_modules|test-artifacts)$/.test(source),
    });
  }
  // node_modules as installed, except the workspace links, which point into the copy.
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@tablecast'), { recursive: true });
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry === '@tablecast' || entry === 'tablecast') continue;
    symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry));
  }
  for (const workspace of WORKSPACES) {
    const manifest = join(dir, workspace, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
    symlinkSync(join(dir, workspace), join(modules, name));
  }
  return dir;
}

/** Runs `npm run lint:deps` in the copy; its exit status and the violations it reports. */
function lintDeps(dir: string): { status: number | null; violations: Violation[]; output: string } {
  const run = spawnSync('npm', ['run', '--silent', 'lint:deps'], { cwd: dir, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const violations = [...output.matchAll(/^\s*error (\S+): (\S+) → (\S+)$/gm)].map(([, rule, from, to]) => ({
    rule: rule ?? '',
    from: from ?? '',
    to: to ?? '',
  }));
  return { status: run.status, violations, output };
}

beforeAll(() => {
  copy = copyRepository();
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

describe('package boundaries fail the build (npm run lint:deps)', () => {
  it('reports exactly the new crossings: a generic lib importing a game, a lib importing the server, an overlay importing a game', () => {
    writeFileSync(
      join(copy, 'libs/events/src/game-peek.ts'),
      "import { RULESETS } from '@tablecast/guandan';\n\nexport const peek = RULESETS;\n",
    );
    writeFileSync(
      join(copy, 'libs/cards/src/server-peek.ts'),
      `import { startServer } from '${serverFromCards}';\n\nexport const peek = startServer;\n`,
    );
    writeFileSync(
      join(copy, 'overlays/src/lib/game-peek.ts'),
      "import { RULESETS } from '@tablecast/guandan';\n\nexport const peek = RULESETS;\n",
    );
    const result = lintDeps(copy);
    expect(result.status, result.output).not.toBe(0);
    expect(result.violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'generic-lib-imports-game',
          from: 'libs/events/src/game-peek.ts',
          to: 'node_modules/@tablecast/guandan/dist/index.d.ts',
        },
        { rule: 'imports-an-app', from: 'libs/cards/src/server-peek.ts', to: 'apps/server/src/bootstrap.ts' },
        {
          rule: 'overlay-outside-allowed-imports',
          from: 'overlays/src/lib/game-peek.ts',
          to: 'node_modules/@tablecast/guandan/dist/index.d.ts',
        },
      ]),
    );
    // Nothing else: every other finding is a known violation, and new files are judged on their own.
    expect(new Set(result.violations.map((v) => v.from))).toEqual(
      new Set([
        'libs/events/src/game-peek.ts',
        'libs/cards/src/server-peek.ts',
        'overlays/src/lib/game-peek.ts',
      ]),
    );
  }, 300_000);

  it('lets a game’s skin import its ./view subpath and its test code the ./testing one; a shared lib may not, nor a skin another game’s', () => {
    mkdirSync(join(copy, 'overlays/src/games/guandan/peek/testing'), { recursive: true });
    writeFileSync(
      join(copy, 'overlays/src/games/guandan/view-peek.ts'),
      "import { levelName } from '@tablecast/guandan/view';\nimport { isCardId } from '@tablecast/cards/view';\n\nexport const peek = [levelName, isCardId];\n",
    );
    writeFileSync(
      join(copy, 'overlays/src/games/guandan/other-game-peek.ts'),
      "import { ddzRankName } from '@tablecast/doudizhu';\n\nexport const peek = ddzRankName;\n",
    );
    writeFileSync(
      join(copy, 'overlays/src/games/guandan/peek/testing/playout-peek.ts'),
      "import { playRandomMatch } from '@tablecast/guandan/testing';\n\nexport const peek = playRandomMatch;\n",
    );
    writeFileSync(
      join(copy, 'overlays/src/lib/view-peek.ts'),
      "import { levelName } from '@tablecast/guandan/view';\n\nexport const peek = levelName;\n",
    );
    const result = lintDeps(copy);
    expect(result.violations.filter((v) => v.from === 'overlays/src/games/guandan/view-peek.ts')).toEqual([]);
    // Test code may play real matches through a game's ./testing subpath.
    expect(
      result.violations.filter((v) => v.from === 'overlays/src/games/guandan/peek/testing/playout-peek.ts'),
    ).toEqual([]);
    expect(result.violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'overlay-skin-imports-another-game',
          from: 'overlays/src/games/guandan/other-game-peek.ts',
          to: 'node_modules/@tablecast/doudizhu/dist/index.d.ts',
        },
        // A shared lib asks the skin registry for the view's game; it never imports a game itself.
        {
          rule: 'overlay-imports-guandan-outside-its-skin',
          from: 'overlays/src/lib/view-peek.ts',
          to: 'node_modules/@tablecast/guandan/dist/view.d.ts',
        },
      ]),
    );
  }, 300_000);
});
