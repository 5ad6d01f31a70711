import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run build:overlays` (scripts/build-overlays.mjs) skips the overlays' Vite build only when
 * overlays/dist came from a build of the same sources and is as that build left it. Here the
 * script runs in a small stand-in repository whose overlays' `build` writes dist/ and counts its runs.
 */
const repoRoot = resolve(__dirname, '..');
let root: string;

function write(file: string, text: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** How many times the overlays' own build has run in the stand-in repository. */
function builds(): number {
  return readFileSync(join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length;
}

function buildOverlays(env: Record<string, string> = {}): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-overlays.mjs')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TABLECAST_OVERLAYS_REBUILD: '', ...env },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'tablecast-build-overlays-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(repoRoot, 'scripts', 'build-overlays.mjs'), join(root, 'scripts', 'build-overlays.mjs'));
  write('package.json', JSON.stringify({ name: 'stand-in', private: true, workspaces: ['overlays'] }));
  write('package-lock.json', '{}\n');
  write('tsconfig.base.json', '{}\n');
  write('builds.log', '');
  write('libs/cards/package.json', '{"name":"@tablecast/cards"}\n');
  write('libs/cards/src/index.ts', 'export const SUITS = 4;\n');
  write('libs/cards/dist/index.js', 'exports.SUITS = 4;\n');
  write(
    'overlays/package.json',
    JSON.stringify({ name: '@tablecast/overlays', private: true, scripts: { build: 'node build.mjs' } }),
  );
  // The stand-in for `vite build`: empties dist/ first (emptyOutDir); asked to fail, it fails first.
  write(
    'overlays/build.mjs',
    [
      "import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';",
      "appendFileSync('../builds.log', 'built\\n');",
      "if (process.env.STAND_IN_BUILD_FAILS === '1') process.exit(1);",
      "rmSync('dist', { recursive: true, force: true });",
      "mkdirSync('dist/status', { recursive: true });",
      "writeFileSync('dist/status/index.html', '<p>status</p>');",
    ].join('\n'),
  );
  write('overlays/src/pages/status/index.html', '<div id="app"></div>\n');
}, 30_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run build:overlays', () => {
  it('builds once, then skips while the sources and dist/ are unchanged', () => {
    expect(buildOverlays().status).toBe(0);
    expect(builds()).toBe(1);
    const again = buildOverlays();
    expect(again.status).toBe(0);
    expect(again.output).toMatch(
      /overlays\/dist is built from these sources \([0-9a-f]{12}\); not built again/,
    );
    expect(builds()).toBe(1);
  });

  it("builds again after a change to an overlay's source or to any library, and after a change to dist/", () => {
    const before = builds();
    appendFileSync(join(root, 'overlays/src/pages/status/index.html'), '<!-- a new line -->\n');
    buildOverlays();
    expect(builds()).toBe(before + 1);
    write('libs/cards/src/index.ts', 'export const SUITS = 5;\n');
    buildOverlays();
    expect(builds()).toBe(before + 2);
    // A library's dist/ is built from its sources by tsc -b: not a source of its own.
    write('libs/cards/dist/index.js', 'exports.SUITS = 5;\n');
    buildOverlays();
    expect(builds()).toBe(before + 2);
    // dist/ written since (a direct `vite build`, a hand edit): built again.
    write('overlays/dist/status/index.html', '<p>edited</p>');
    buildOverlays();
    expect(builds()).toBe(before + 3);
    expect(buildOverlays().status).toBe(0);
    expect(builds()).toBe(before + 3);
  });

  it('always builds with TABLECAST_OVERLAYS_REBUILD=1', () => {
    const before = builds();
    expect(buildOverlays({ TABLECAST_OVERLAYS_REBUILD: '1' }).status).toBe(0);
    expect(builds()).toBe(before + 1);
  });

  it('fails with the build, and builds again on the next run (no stamp is left behind)', () => {
    const before = builds();
    expect(buildOverlays({ TABLECAST_OVERLAYS_REBUILD: '1', STAND_IN_BUILD_FAILS: '1' }).status).not.toBe(0);
    expect(builds()).toBe(before + 1);
    expect(buildOverlays().status).toBe(0);
    expect(builds()).toBe(before + 2);
  });
});
