import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outsideReferences } from './outside-paths';

/**
 * The repository stands alone: no tracked file (code, script, config, doc) refers to a path
 * outside it, so a clone with nothing beside it builds and tests the same as any checkout.
 */
const repoRoot = resolve(__dirname, '..');
const self = [relative(repoRoot, __filename), relative(repoRoot, join(__dirname, 'outside-paths.ts'))];

/** Lockfiles list registry URLs and workspace links, never paths of this machine. */
const SKIPPED = new Set(['package-lock.json', ...self]);

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' });
  return listed.split('\0').filter((file) => file !== '' && !SKIPPED.has(file));
}

describe('the repository refers to nothing outside it', () => {
  it('no tracked file names a path outside the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => {
      const bytes = readFileSync(join(repoRoot, file));
      if (bytes.includes(0)) return []; // binary: images, fonts
      return outsideReferences(file, bytes.toString('utf8'));
    });
    expect(found).toEqual([]);
  });

  it('flags the sibling folder, machine paths, and relative paths that climb out', () => {
    // The sibling folder's name is assembled, so this file does not itself read like a reference.
    const sibling = ['..', 'shared'].join('/');
    const quotedSibling = `'shared'`;
    const lines = (file: string, source: string): number[] =>
      outsideReferences(file, source).map((r) => r.line);
    expect(
      lines('libs/guandan/src/a.spec.ts', `const d = resolve(root, '${sibling}/rules/guandan.md');`),
    ).toEqual([1]);
    expect(lines('docs/obs.md', `start it with \`${sibling}/obs/start-obs.sh\``)).toEqual([1]);
    expect(lines('overlays/src/lib/x.ts', '/** glossary: /work/shared/rules/glossary.md */')).toEqual([1]);
    expect(lines('scripts/x.sh', 'cp /home/dev/notes.txt .')).toEqual([1]);
    expect(lines('libs/guandan/README.md', 'see [digest](../../../digest.md)')).toEqual([1]);
    expect(lines('apps/server/src/x.ts', "import a from '../../../../outside';")).toEqual([1]);
    expect(
      lines(
        'apps/server/src/obs/testing/real-obs.ts',
        `resolve(__dirname, '..', '..', '..', '..', '..', '..', ${quotedSibling}, 'obs', 'start-obs.sh')`,
      ),
    ).toEqual([1]);
    expect(
      lines(
        'apps/server/src/obs/testing/real-obs.ts',
        `x;\nresolve(\n  __dirname,\n  '..',\n  '..',\n  '..',\n  '..',\n  '..',\n  '..',\n  ${quotedSibling},\n)`,
      ),
    ).toEqual([3]);
    expect(lines('docs/rules-oracle.md', 'refer to the rule digest `shared/rules/guandan.md`')).toEqual([1]);
  });

  it('leaves paths that stay inside alone', () => {
    const inside = (file: string, source: string): void => {
      expect(outsideReferences(file, source), `${file}: ${source}`).toEqual([]);
    };
    inside(
      'apps/server/src/obs/testing/real-obs.ts',
      "resolve(__dirname, '..', '..', '..', '..', '..', 'scripts')",
    );
    inside('overlays/src/pages/watch/main.ts', "import { x } from '../../lib/watch/watch-url';");
    inside('overlays/tsconfig.json', '"@tablecast/cards": ["../libs/cards/src/index.ts"]');
    inside('scripts/ensure-test-deps.sh', 'cd "$(dirname "$0")/.."');
    inside('docker/compose.yml', '      - kafka-data:/var/lib/kafka/data');
    inside('docs/obs.md', 'Chromium is /usr/bin/chromium; temp files go to /tmp/tablecast-x.');
    inside('docs/x.md', 'the level index a..b and 1...3 ranges');
    inside('libs/broadcast/src/x.ts', "import { x } from './shared/rules';");
    inside('libs/cli/x.ts', "join(__dirname, '..', '..', 'package.json')");
  });
});
