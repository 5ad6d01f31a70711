import { ESLint } from 'eslint';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from './support/repo';

/**
 * The rules engines must stay pure (no NestJS, no Node I/O, no clock, no Math.random). This
 * plants real offending files inside the pure libraries and runs the project's ESLint config.
 */
const planted: string[] = [];

async function lintPlanted(lib: string, source: string): Promise<string[]> {
  const path = join(repoRoot, 'libs', lib, 'src', `__planted_${String(planted.length)}__.ts`);
  planted.push(path);
  writeFileSync(path, source);
  const [result] = await new ESLint({ cwd: repoRoot }).lintFiles([path]);
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

afterEach(() => {
  for (const path of planted.splice(0)) rmSync(path, { force: true });
});

describe('purity lint rule for libs/guandan and libs/cards', () => {
  it('fails on a planted @nestjs/common import in libs/guandan', async () => {
    const messages = await lintPlanted(
      'guandan',
      "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
    );
    expect(messages).toContainEqual(
      "no-restricted-imports: '@nestjs/common' import is restricted from being used by a pattern. Rules libraries are pure: no NestJS imports.",
    );
  });

  it('fails on Node I/O and on the clock in libs/cards', async () => {
    const messages = await lintPlanted(
      'cards',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\nexport const now = (): number => Date.now();\n",
    );
    expect(messages.some((m) => m.startsWith('no-restricted-imports:'))).toBe(true);
    expect(
      messages.some((m) => m.startsWith('no-restricted-properties:') && m.includes('time is an input')),
    ).toBe(true);
  });

  it('fails on Math.random in libs/guandan', async () => {
    const messages = await lintPlanted('guandan', 'export const roll = (): number => Math.random();\n');
    expect(messages.some((m) => m.includes('seeded PRNG'))).toBe(true);
  });

  it('allows the same import outside the pure libraries (the rule is scoped, not global)', async () => {
    const messages = await lintPlanted(
      'event-store',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\nconst canary = 1;\n",
    );
    // ESLint did lint the file: it parsed (no message without a rule, as a fatal parse error or an
    // ignored file gives) and the project's rules ran (the unused canary is reported).
    expect(messages.filter((m) => m.startsWith('fatal:'))).toEqual([]);
    expect(messages).toContainEqual(expect.stringMatching(/^@typescript-eslint\/no-unused-vars: 'canary'/));
    expect(messages.filter((m) => m.startsWith('no-restricted-imports:'))).toEqual([]);
  });
});
