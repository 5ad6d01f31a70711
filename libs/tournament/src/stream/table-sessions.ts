import type { RoundPaired, TournamentCreated } from '@tablecast/events';
import { DEFAULT_MOVEMENT_OPTIONS, type MovementOptions } from '../movement/snake';

type Created = TournamentCreated['data'];
type Stage = Created['stages'][number];
export type RoundSession = NonNullable<RoundPaired['data']['session']>;

/** TRN-MOVE-6: the sessions (局) of a duplicate Swiss round (轮); absent, the round is one session. */
export function sessionsPerRound(created: Created): number {
  return created.options.sessionsPerRound ?? 1;
}

/** TRN-MOVE-6: when the players move and the ranking they move by, the event's options over the defaults. */
export function movementOptions(created: Created): MovementOptions {
  return {
    moveAfter: created.options.moveAfter ?? DEFAULT_MOVEMENT_OPTIONS.moveAfter,
    rankingBasis: created.options.rankingBasis ?? DEFAULT_MOVEMENT_OPTIONS.rankingBasis,
  };
}

/**
 * The stream rounds a stage plays: a duplicate Swiss stage pairs each session of its rounds as a
 * stream round of its own (TRN-MOVE-6), every other stage one a round.
 */
export function streamRoundsOf(stage: Stage, created: Created): number {
  return stage.format === 'duplicateSwiss' ? stage.rounds * sessionsPerRound(created) : stage.rounds;
}

/**
 * The round and session of a stage's `index`-th stream round (from 0), or undefined when a round is
 * one session (today's rounds keep their names and events unchanged).
 */
export function sessionAt(index: number, created: Created): RoundSession | undefined {
  const sessions = sessionsPerRound(created);
  if (sessions === 1) return undefined;
  return { round: Math.floor(index / sessions) + 1, session: (index % sessions) + 1 };
}

/** A stream round's name in match names and board-set ids: `r<round>`, or `r<round>.s<session>`. */
export function roundLabel(streamRound: number, session: RoundSession | undefined): string {
  return session === undefined
    ? `r${String(streamRound)}`
    : `r${String(session.round)}.s${String(session.session)}`;
}
