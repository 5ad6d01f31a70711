import { z } from 'zod';
import { EventContextSchema, EventMetadataSchema, type DomainEvent } from '../envelope';
import type { EventCatalog } from './catalog';

/**
 * The catalog as JSON Schema documents, keyed by file name: one file per event type and version
 * (old versions stay, because stored events of those versions are still read), the envelope, and
 * an index. Committed under libs/events/schemas/ for review; a test fails when they are stale.
 */
export function catalogJsonSchemas(catalog: EventCatalog<DomainEvent>): Record<string, unknown> {
  const files: Record<string, unknown> = {};
  const index: { type: string; version: number; disclosure: string; files: string[] }[] = [];
  for (const definition of catalog.definitions) {
    const names: string[] = [];
    for (const past of definition.history) {
      const name = `${definition.type}.v${past.version}.json`;
      files[name] = z.toJSONSchema(z.object({ type: z.literal(definition.type), data: past.data }));
      names.push(name);
    }
    const current = `${definition.type}.v${definition.version}.json`;
    files[current] = z.toJSONSchema(definition.schema);
    names.push(current);
    index.push({
      type: definition.type,
      version: definition.version,
      disclosure: definition.disclosure,
      files: names,
    });
  }
  files['envelope.json'] = {
    stored: z.toJSONSchema(EventMetadataSchema),
    suppliedByWriter: z.toJSONSchema(EventContextSchema),
  };
  files['index.json'] = { maxDataBytes: catalog.maxDataBytes, events: index };
  return files;
}
