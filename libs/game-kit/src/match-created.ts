import { z } from 'zod';
import type { GameEvent } from './game-event';

/** The type of the event that opens every match stream, whichever game it is. */
export const MATCH_CREATED = 'MatchCreated';

const IdSchema = z.string().min(1).max(64);
const NamedSchema = z.object({ id: IdSchema, name: z.string().min(1).max(64) });

/**
 * What the platform reads of every match's MatchCreated: the game (the registry key that picks the
 * module), the table, the seats in play order, who sits where, the pairs or sides' names when the
 * game has fixed ones, and the ruleset (by name) and format. The game keeps its own fields beside
 * these (a Guandan game clock, a Dou Dizhu ruleset's timers): the object is loose, so the game's
 * module, which defines the event's full schema, reads them back as written.
 */
export const MatchCreatedDataSchema = z.looseObject({
  game: z
    .string()
    .regex(/^[a-z][a-z0-9]{0,31}$/, 'must be a registered game id (lower-case letters, digits)'),
  table: IdSchema,
  seats: z.array(z.string().min(1).max(8)).min(2).max(8),
  /** A seat as the game spells it (Guandan `S`, Dou Dizhu `0`); its string form is one of `seats`. */
  players: z.array(NamedSchema.extend({ seat: z.union([z.string().min(1).max(8), z.int().min(0)]) })).min(1),
  /** Fixed partnerships by side id (Guandan `NS`, `EW`); absent when each seat plays for itself. */
  teams: z.record(z.string(), NamedSchema).optional(),
  ruleset: z.looseObject({ name: z.string().min(1) }),
  format: z.looseObject({ kind: z.string().min(1) }).optional(),
});
export type MatchCreatedData = z.infer<typeof MatchCreatedDataSchema>;

/**
 * The platform MatchCreated. A module's own MatchCreated schema is a narrower form of it (its `game`
 * a literal, its seats and its own fields typed); the conformance suite checks that it is one.
 */
export interface MatchCreatedEvent extends GameEvent {
  readonly type: typeof MATCH_CREATED;
  readonly data: MatchCreatedData;
}

/** The game a match stream's first event names, or undefined when it is no platform MatchCreated. */
export function gameOfMatch(first: GameEvent | undefined): string | undefined {
  if (first?.type !== MATCH_CREATED) return undefined;
  const game = (first.data as { game?: unknown } | null)?.game;
  return typeof game === 'string' ? game : undefined;
}
