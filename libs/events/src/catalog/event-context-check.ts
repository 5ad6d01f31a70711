import { actorRoles, EventContextSchema, type EventContext } from '../envelope';

const roles: ReadonlySet<unknown> = new Set(actorRoles);
/**
 * The very pattern `z.uuid()` tests, taken from the schema so the two cannot drift apart (were it
 * ever missing, no id would match and zod would check every one).
 */
const uuidPattern: RegExp = EventContextSchema.shape.eventId.unwrap().def.pattern ?? /(?!)/;

/** `traceId` and the actor id of envelope.ts: 1 to 128 UTF-16 code units, as zod counts them. */
const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 128;

/**
 * EventContextSchema.safeParse for the common, valid envelope, without zod: the store checks one
 * per event appended, and zod's object parse was about a twentieth of a batched append. Returns
 * what zod would return (a fresh object with the schema's keys only), or undefined when the input
 * is not plainly valid, so that zod parses it and names what is wrong. Equivalence with the schema
 * is property-tested in event-context-check.spec.ts.
 */
export function checkEventContext(input: unknown): EventContext | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { eventId, correlationId, causationId, actor } = input as Record<string, unknown>;
  if (!isId(correlationId) || (causationId !== null && !isId(causationId))) return undefined;
  if (typeof actor !== 'object' || actor === null) return undefined;
  const { id, role } = actor as Record<string, unknown>;
  if (!isId(id) || !roles.has(role)) return undefined;
  const checkedActor = { id, role: role as EventContext['actor']['role'] };
  if (eventId === undefined) {
    // zod keeps a key that is present with the value undefined, and leaves out an absent one.
    return 'eventId' in input
      ? { eventId: undefined, correlationId, causationId, actor: checkedActor }
      : { correlationId, causationId, actor: checkedActor };
  }
  if (typeof eventId !== 'string' || !uuidPattern.test(eventId)) return undefined;
  return { eventId, correlationId, causationId, actor: checkedActor };
}
