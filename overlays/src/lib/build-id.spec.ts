import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleSourceRoots, sourceBuildId } from '../../build-id.ts';

const OVERLAYS_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The build id tells the producer which pages run an old bundle. It must move with every source
 * the bundle is compiled from, the games' views included, and with nothing else.
 */
describe('the overlays build id', () => {
  it('covers every library the pages reach: the three games, their cards and game-kit', () => {
    const libs = bundleSourceRoots(OVERLAYS_DIR)
      .slice(1)
      .map((root) => relative(join(OVERLAYS_DIR, '..', 'libs'), root).replace(/[\\/]src$/, ''));
    expect(libs).toEqual(
      expect.arrayContaining(['protocol', 'cards', 'guandan', 'doudizhu', 'bigtwo', 'game-kit']),
    );
    // Server-side libraries are no page's source.
    expect(libs).not.toContain('event-store');
    expect(libs).not.toContain('bus');
  });

  describe('on a tree of its own', () => {
    let repo: string;
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    };
    const buildId = (): string => sourceBuildId(bundleSourceRoots(join(repo, 'overlays')));

    beforeEach(() => {
      repo = mkdtempSync(join(tmpdir(), 'tablecast-build-id-'));
      write('overlays/src/page.ts', "import { view } from '@tablecast/game/view';\n");
      write('libs/game/src/view.ts', "export { rank } from '@tablecast/cards';\n");
      write('libs/game/src/view.spec.ts', "import '@tablecast/spec-only';\n");
      write('libs/game/src/testing/helper.ts', "import '@tablecast/test-only';\n");
      write('libs/cards/src/index.ts', 'export const rank = 1;\n');
      for (const name of ['unrelated', 'spec-only', 'test-only']) {
        write(`libs/${name}/src/index.ts`, 'export const x = 1;\n');
      }
    });

    afterEach(() => {
      rmSync(repo, { recursive: true, force: true });
    });

    it('follows imports from the pages through the libraries, past specs and test helpers', () => {
      expect(bundleSourceRoots(join(repo, 'overlays'))).toEqual([
        join(repo, 'overlays', 'src'),
        join(repo, 'libs', 'game', 'src'),
        join(repo, 'libs', 'cards', 'src'),
      ]);
    });

    it('moves when a library reached only through another changes, and only then', () => {
      const first = buildId();
      expect(buildId()).toBe(first);
      write('libs/unrelated/src/index.ts', 'export const x = 2;\n');
      write('libs/game/src/view.spec.ts', "import '@tablecast/spec-only';\n// changed\n");
      expect(buildId()).toBe(first);
      write('libs/cards/src/index.ts', 'export const rank = 2;\n');
      expect(buildId()).not.toBe(first);
    });
  });
});
