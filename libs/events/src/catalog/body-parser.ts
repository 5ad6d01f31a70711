import type { z } from 'zod';
import type { DomainEvent } from '../envelope';
import type { EventDefinition } from './definition';
import { issuesFrom, type Validated } from './validation';

/** Parses an event body `{ type, data }` whose type has already been matched to `definition`. */
export type BodyParser<E extends DomainEvent> = (type: string, data: unknown) => Validated<E>;

interface ObjectSchemaParts {
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly def: { readonly checks?: readonly unknown[] };
}

/**
 * When the event schema is the usual `z.object({ type: z.literal(…), data })` with no checks of
 * its own, only `data` is parsed: the lookup already matched `type`, and the object around it was
 * about a third of the parse per event. The result and the issues (paths prefixed with `data`) are
 * what parsing the whole schema gives (tested over every event of the platform's catalog, in
 * libs/games/src/catalog/body-parser.spec.ts); any other schema is parsed whole.
 */
export function bodyParser<E extends DomainEvent>(definition: EventDefinition): BodyParser<E> {
  const whole: BodyParser<E> = (type, data) => {
    const parsed = definition.schema.safeParse({ type, data });
    return parsed.success
      ? { ok: true, value: parsed.data as E }
      : { ok: false, issues: issuesFrom(parsed.error) };
  };
  const { shape, def } = definition.schema as unknown as ObjectSchemaParts;
  const keys = shape === undefined ? [] : Object.keys(shape);
  const dataSchema = shape?.data;
  const plain =
    keys.length === 2 &&
    shape?.type?.def.type === 'literal' &&
    dataSchema !== undefined &&
    (def.checks === undefined || def.checks.length === 0);
  if (!plain) return whole;
  return (type, data) => {
    const parsed = dataSchema.safeParse(data);
    return parsed.success
      ? { ok: true, value: { type, data: parsed.data } as E }
      : { ok: false, issues: issuesFrom(parsed.error, ['data']) };
  };
}
