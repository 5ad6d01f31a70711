import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderJsonSchemaFiles } from '@tablecast/events';
import { prettierJson, schemasDir } from './json-schema-prettier';
import { tablecastCatalog } from './tablecast-catalog';

describe('committed JSON Schemas (libs/games/schemas)', () => {
  it('match the catalog; regenerate with `npm run schemas -w @tablecast/games`', async () => {
    const expected = await renderJsonSchemaFiles(tablecastCatalog, prettierJson);
    const committed = new Map(
      readdirSync(schemasDir).map((name) => [name, readFileSync(join(schemasDir, name), 'utf8')]),
    );
    expect([...committed.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, content] of expected) expect(committed.get(name), name).toBe(content);
  });

  it('keep the old version of an upcast event, because stored events of it are still read', async () => {
    const files = await renderJsonSchemaFiles(tablecastCatalog, prettierJson);
    const v1 = JSON.parse(files.get('AppealFiled.v1.json') ?? '{}') as {
      properties: { data: { required: string[] } };
    };
    expect(v1.properties.data.required).toContain('disputedRevisions');
  });
});
