import type { DomainEvent } from '../envelope';
import type { EventCatalog } from './catalog';
import { catalogJsonSchemas } from './json-schema';

/** Formats JSON the way Prettier would store it, given by the caller (keeps Prettier out of the library). */
export type JsonFormatter = (json: string) => Promise<string>;

/** File name → exact committed content, shared by the export script and the staleness test. */
export async function renderJsonSchemaFiles(
  catalog: EventCatalog<DomainEvent>,
  format: JsonFormatter,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [name, schema] of Object.entries(catalogJsonSchemas(catalog)).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    files.set(name, await format(JSON.stringify(schema)));
  }
  return files;
}
