// Writes the platform's event catalog as JSON Schema into libs/games/schemas/ (npm run schemas -w @tablecast/games).
// src/catalog/json-schema.spec.ts fails when the committed files differ from what this writes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prettierJson, schemasDir } from '../src/catalog/json-schema-prettier';
import { renderJsonSchemaFiles } from '@tablecast/events';
import { tablecastCatalog } from '../src/catalog/tablecast-catalog';

async function main(): Promise<void> {
  mkdirSync(schemasDir, { recursive: true });
  const files = await renderJsonSchemaFiles(tablecastCatalog, prettierJson);
  for (const stale of readdirSync(schemasDir).filter((name) => !files.has(name))) {
    rmSync(join(schemasDir, stale));
  }
  for (const [name, content] of files) writeFileSync(join(schemasDir, name), content);
  process.stderr.write(`wrote ${files.size} schema files to ${schemasDir}\n`);
}

void main();
