import { MATCH_CREATED, MatchCreatedDataSchema } from '@tablecast/game-kit';
import { z } from 'zod';
import { defineEvent, type EventDefinition, type PastVersion } from '../catalog/definition';

/**
 * The event that opens every match stream, whichever game it is: the platform's fields (game,
 * table, seats, players, teams, ruleset, format) and the game's own beside them. The game's
 * module holds the full schema of its MatchCreated; the platform reads the common part, and the
 * `game` picks the module that folds and decides the rest of the stream.
 */
export const MatchCreatedSchema = z.object({ type: z.literal(MATCH_CREATED), data: MatchCreatedDataSchema });
export type MatchCreated = z.infer<typeof MatchCreatedSchema>;

/**
 * The platform's MatchCreated is its version 2. Version 1 is the MatchCreated written before every
 * match opened with the platform's: one game's own, in that game's shape. How to read it is that
 * game's knowledge, so the registry (libs/games) passes it in; the version numbers stay fixed, so
 * a MatchCreated written today is stored as v2 by every catalog built with this.
 */
export function matchCreatedEvent(readV1: PastVersion): EventDefinition<MatchCreated> {
  if (readV1.version !== 1) {
    throw new RangeError(
      `MatchCreated: the past version read before the platform's is v1, not v${readV1.version}`,
    );
  }
  return defineEvent<MatchCreated>(MatchCreatedSchema, { disclosure: 'public', history: [readV1] });
}
