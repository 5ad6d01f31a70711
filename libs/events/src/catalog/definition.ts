import type { z } from 'zod';
import type { DomainEvent } from '../envelope';

/**
 * Who may see an event, before any field-level redaction (the feeds own the per-audience views):
 * - `public`: safe for the venue feed live (plays, passes, levels, penalties, commitments);
 * - `delayed`: carries hidden information (hands, salts); public only after the broadcast delay;
 * - `staff`: never leaves staff audiences (appeal statements, committee votes).
 * An event without a classification is treated as `staff` (fail closed).
 */
export const disclosures = ['public', 'delayed', 'staff'] as const;
export type Disclosure = (typeof disclosures)[number];

/** A schema version that is no longer written but can still be read and upgraded. */
export interface PastVersion {
  readonly version: number;
  readonly data: z.ZodType;
  /** Upgrades `data` of this version to the next version's shape. */
  readonly upcast: (data: unknown) => unknown;
}

export interface EventDefinition<E extends DomainEvent = DomainEvent> {
  readonly type: E['type'];
  /** The version written today; starts at 1 and grows by one per breaking change. */
  readonly version: number;
  readonly schema: z.ZodType<E>;
  readonly disclosure: Disclosure;
  /** Older versions in ascending order, each with its upcaster to the next. */
  readonly history: readonly PastVersion[];
}

/** The shape of an event schema: `z.object({ type: z.literal('…'), data: z.object({...}) })`. */
export type EventSchema<E extends DomainEvent> = z.ZodType<E> & {
  readonly shape: { readonly type: { readonly value: E['type'] } };
};

export function pastVersion<S extends z.ZodType>(
  version: number,
  data: S,
  upcast: (data: z.output<S>) => unknown,
): PastVersion {
  // Parsing with the old schema first means a corrupt old event fails loudly instead of being
  // silently reshaped into something that merely looks current.
  return { version, data, upcast: (raw) => upcast(data.parse(raw)) };
}

export function defineEvent<E extends DomainEvent>(
  schema: EventSchema<E>,
  options: { readonly disclosure: Disclosure; readonly history?: readonly PastVersion[] },
): EventDefinition<E> {
  const history = options.history ?? [];
  history.forEach((past, index) => {
    if (past.version !== index + 1) {
      throw new RangeError(`${schema.shape.type.value}: history must list versions 1, 2, … in order`);
    }
  });
  return {
    type: schema.shape.type.value,
    version: history.length + 1,
    schema,
    disclosure: options.disclosure,
    history,
  };
}
