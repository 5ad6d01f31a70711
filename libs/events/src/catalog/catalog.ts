import { EventContextSchema, type DomainEvent, type NewEvent } from '../envelope';
import { bodyParser, type BodyParser } from './body-parser';
import type { EventDefinition } from './definition';
import { checkEventContext } from './event-context-check';
import { exceedsBytes, issuesFrom, oversizeIssue, type Validated } from './validation';

/** Default ceiling on one event's `data`, in UTF-8 bytes of its JSON. A whole hand is ~2 KiB. */
export const DEFAULT_MAX_DATA_BYTES = 64 * 1024;

export interface EventCatalog<E extends DomainEvent> {
  readonly definitions: readonly EventDefinition[];
  readonly maxDataBytes: number;
  definition(type: string): EventDefinition | undefined;
  /** Checks type, data and size of an event body; returns the parsed event. */
  validate(input: unknown): Validated<E>;
  /** Checks a writer's event: body as in `validate`, plus the caller-supplied envelope. */
  validateNew(input: unknown): Validated<NewEvent<E>>;
  /**
   * Brings stored `data` written with `storedVersion` up to the current version. Current-version
   * data is returned as stored (it was validated on the way in); upgraded data is validated
   * against the current schema, so a faulty upcaster cannot leak a malformed event.
   */
  upcast(type: string, storedVersion: number, data: unknown): Validated<E>;
}

export function createCatalog<E extends DomainEvent>(
  definitions: readonly EventDefinition[],
  options: { readonly maxDataBytes?: number } = {},
): EventCatalog<E> {
  const byType = new Map<string, EventDefinition>();
  const parsers = new Map<string, BodyParser<E>>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) throw new RangeError(`event type ${definition.type} is defined twice`);
    byType.set(definition.type, definition);
    parsers.set(definition.type, bodyParser<E>(definition));
  }
  const maxDataBytes = options.maxDataBytes ?? DEFAULT_MAX_DATA_BYTES;
  const known = [...byType.keys()].join(', ');

  const validate = (input: unknown): Validated<E> => {
    if (typeof input !== 'object' || input === null) {
      return { ok: false, issues: [{ path: '(root)', message: 'an event must be an object' }] };
    }
    const { type, data } = input as { type?: unknown; data?: unknown };
    const parse = typeof type === 'string' ? parsers.get(type) : undefined;
    if (parse === undefined || typeof type !== 'string') {
      return {
        ok: false,
        issues: [{ path: 'type', message: `unknown event type ${JSON.stringify(type)}; known: ${known}` }],
      };
    }
    // Size first: a 50 MB payload should be refused before a schema walks it.
    const bytes = exceedsBytes(data, maxDataBytes);
    if (bytes !== undefined) return { ok: false, issues: [oversizeIssue(data, bytes, maxDataBytes)] };
    return parse(type, data);
  };

  return {
    definitions,
    maxDataBytes,
    definition: (type) => byType.get(type),
    validate,
    validateNew(input) {
      const body = validate(input);
      const rawMetadata = (input as { metadata?: unknown } | null)?.metadata;
      // The usual case first, without zod for the envelope or the spreads below: the event store
      // calls this per event.
      const checked = body.ok ? checkEventContext(rawMetadata) : undefined;
      if (body.ok && checked !== undefined) {
        const { type, data } = body.value;
        return { ok: true, value: { type, data, metadata: checked } as NewEvent<E> };
      }
      const metadata = EventContextSchema.safeParse(rawMetadata);
      if (body.ok && metadata.success) {
        const { type, data } = body.value;
        return { ok: true, value: { type, data, metadata: metadata.data } as NewEvent<E> };
      }
      const issues = [
        ...(body.ok ? [] : body.issues),
        ...(metadata.success ? [] : issuesFrom(metadata.error, ['metadata'])),
      ];
      return { ok: false, issues };
    },
    upcast(type, storedVersion, data) {
      const definition = byType.get(type);
      if (definition === undefined) {
        return { ok: false, issues: [{ path: 'type', message: `unknown stored event type ${type}` }] };
      }
      if (storedVersion === definition.version) return { ok: true, value: { type, data } as E };
      if (!Number.isInteger(storedVersion) || storedVersion < 1 || storedVersion > definition.version) {
        return {
          ok: false,
          issues: [
            {
              path: 'metadata.schemaVersion',
              message: `${type} v${storedVersion} cannot be read; this build knows v1–v${definition.version}`,
            },
          ],
        };
      }
      let upgraded = data;
      try {
        for (const past of definition.history.slice(storedVersion - 1)) upgraded = past.upcast(upgraded);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, issues: [{ path: 'data', message: `${type} v${storedVersion}: ${reason}` }] };
      }
      const parsed = definition.schema.safeParse({ type, data: upgraded });
      return parsed.success
        ? { ok: true, value: parsed.data as E }
        : { ok: false, issues: issuesFrom(parsed.error) };
    },
  };
}
