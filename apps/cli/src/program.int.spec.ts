import { execFileSync } from 'node:child_process';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

/**
 * The files a fresh node process has loaded after building the command tree and its help, as
 * paths relative to the checkout (libraries resolve to libs/… through their workspace links).
 */
function filesLoadedByTheCommandTree(): string[] {
  const script = `
    const { buildProgram } = require(${JSON.stringify(join(root, 'apps/cli/dist/program.js'))});
    const program = buildProgram();
    program.helpInformation();
    for (const command of program.commands) command.helpInformation();
    process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const out = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  return (JSON.parse(out) as string[]).map((file) => relative(root, file).split(sep).join('/'));
}

describe('tablecast start-up (the built command tree)', () => {
  beforeAll(() => {
    // Build first so the spec never tests stale output.
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: root, stdio: 'inherit' });
  }, 120_000);

  it('loads only the CLI and commander to list every command with its help: a command loads its work when it runs', () => {
    const loaded = filesLoadedByTheCommandTree();
    expect(loaded).toContain('apps/cli/dist/commands/verify.command.js');
    const heavy = loaded.filter(
      (file) => !file.startsWith('apps/cli/dist/') && !file.startsWith('node_modules/commander/'),
    );
    expect(heavy).toEqual([]);
  });
});
