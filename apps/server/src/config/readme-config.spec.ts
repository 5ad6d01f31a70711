import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeConfig } from './load-config';

/** The README's configuration table as rows of trimmed cells, whatever its column padding. */
function readmeConfigRows(): string[][] {
  const readme = readFileSync(join(__dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
  return readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('README configuration table', () => {
  const rows = readmeConfigRows();

  it.each(describeConfig())('documents $variable with its default and meaning', (config) => {
    expect(rows).toContainEqual([`\`${config.variable}\``, `\`${config.defaultValue}\``, config.description]);
  });
});
