// Used by scripts/export-json-schemas.ts and the staleness test only; not exported from the barrel,
// so the library never needs Prettier at run time.
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

/** libs/games/schemas, from src/catalog or dist/catalog alike. */
export const schemasDir = join(__dirname, '..', '..', 'schemas');

/** The repository's Prettier settings, so `prettier --check .` agrees with the generated files. */
export async function prettierJson(json: string): Promise<string> {
  const filepath = join(schemasDir, 'index.json');
  const config = (await resolveConfig(filepath)) ?? {};
  return format(json, { ...config, parser: 'json', filepath });
}
