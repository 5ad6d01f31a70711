import { MATCH_CREATED, MatchCreatedDataSchema } from '@tablecast/game-kit';
import { z } from 'zod';
import { defineEvent } from '../catalog/definition';
import { legacyMatchCreated } from '../games/guandan';

/**
 * The event that opens every match stream, whichever game it is: the platform's fields (game,
 * table, seats, players, teams, ruleset, format) and the game's own beside them. The game's
 * module holds the full schema of its MatchCreated; the platform reads the common part, and the
 * `game` picks the module that folds and decides the rest of the stream.
 */
export const MatchCreatedSchema = z.object({ type: z.literal(MATCH_CREATED), data: MatchCreatedDataSchema });
export type MatchCreated = z.infer<typeof MatchCreatedSchema>;

export const matchCreated = defineEvent<MatchCreated>(MatchCreatedSchema, {
  disclosure: 'public',
  history: [legacyMatchCreated],
});
