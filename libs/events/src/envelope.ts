import { z } from 'zod';

/**
 * Who keyed an event. Viewers never write, so they have no role here; `player` is a seat's own
 * terminal (its seat token); `system` covers the server's own events (the turn clock's defaults,
 * timers, projections acting on a schedule).
 */
export const actorRoles = [
  'operator',
  'referee',
  'arbiter',
  'producer',
  'captain',
  'player',
  'system',
] as const;
export type ActorRole = (typeof actorRoles)[number];

export const ActorSchema = z.object({
  id: z.string().min(1).max(128),
  role: z.enum(actorRoles),
});
export type Actor = z.infer<typeof ActorSchema>;

const traceId = z.string().min(1).max(128);

/**
 * What the writer supplies with each event. The store adds the rest of the envelope (recorded-at,
 * schema version, hashes) so a caller can neither backdate an event nor forge its chain.
 */
export const EventContextSchema = z.object({
  /** Optional so a retry can reuse the same id; the store generates a UUID when absent. */
  eventId: z.uuid().optional(),
  correlationId: traceId,
  /** The event or command id that caused this event; null for an operator's first keystroke. */
  causationId: traceId.nullable(),
  actor: ActorSchema,
});
export type EventContext = z.infer<typeof EventContextSchema>;

export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase hex SHA-256 digest');

/** The full envelope as stored and read back. */
export const EventMetadataSchema = z.object({
  eventId: z.uuid(),
  correlationId: traceId,
  causationId: traceId.nullable(),
  actor: ActorSchema,
  /** ISO-8601 UTC time at which the store accepted the event. */
  recordedAt: z.iso.datetime(),
  /** Version of `data`'s schema the event was written with (before any upcasting). */
  schemaVersion: z.int().min(1),
  /** Hash of the previous event in the same stream; null for revision 0. */
  prevHash: sha256Hex.nullable(),
  /** SHA-256 over the canonical encoding of this event (see docs/events.md). */
  hash: sha256Hex,
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** The smallest shape every catalog event has. */
export interface DomainEvent {
  readonly type: string;
  readonly data: unknown;
}

/** An event as a writer hands it to the store. */
export type NewEvent<E extends DomainEvent> = E & { readonly metadata: EventContext };
