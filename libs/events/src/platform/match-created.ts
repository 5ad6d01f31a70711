import { MATCH_CREATED, MatchCreatedDataSchema } from '@tablecast/game-kit';
import { GuandanMatchCreatedSchema } from '@tablecast/guandan';
import { z } from 'zod';
import { defineEvent, pastVersion } from '../catalog/definition';

/**
 * The event that opens every match stream, whichever game it is: the platform's fields (game,
 * table, seats, players, teams, ruleset, format) and the game's own beside them. The game's
 * module holds the full schema of its MatchCreated; the platform reads the common part, and the
 * `game` picks the module that folds and decides the rest of the stream.
 */
export const MatchCreatedSchema = z.object({ type: z.literal(MATCH_CREATED), data: MatchCreatedDataSchema });
export type MatchCreated = z.infer<typeof MatchCreatedSchema>;

/** Guandan's seats in play order, as every match stored before the seam sat them (GD-SEAT-1). */
const LEGACY_GUANDAN_SEATS = ['S', 'E', 'N', 'W'] as const;

/**
 * v1: the MatchCreated stored before the seam, Guandan's (every match then was a Guandan game).
 * Read as the platform's by naming its game and seats; the stored bytes, and so the hash chain
 * over them, stay as they were.
 */
export const legacyMatchCreated = pastVersion(
  1,
  GuandanMatchCreatedSchema.shape.data.omit({ game: true, seats: true }),
  (data) => ({
    game: 'guandan',
    seats: [...LEGACY_GUANDAN_SEATS],
    ...data,
  }),
);

export const matchCreated = defineEvent<MatchCreated>(MatchCreatedSchema, {
  disclosure: 'public',
  history: [legacyMatchCreated],
});
