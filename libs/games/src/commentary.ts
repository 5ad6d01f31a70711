import { effectiveEvents, type RevisionedEvent } from '@tablecast/game-kit';
import type { MatchState } from '@tablecast/guandan';
import { commentaryFacts, turnPlays } from './guandan/commentary/guandan-commentary';

export type { SeatStats, TrickRecord, TrickStep, TurnPlays } from './guandan/commentary/guandan-commentary';

/**
 * What the commentator page shows beside a game's view, by game id: Guandan's legal plays of the
 * seat to act, stats per seat and last tricks; null for a game that has none yet. `state` and
 * `events` are the match's, cut by the caller at the delayed view's revision. The stats and tricks
 * count only the events still in effect: a play a confirmed keying correction retracted was never
 * made, as the fold of the state has it.
 */
export function commentaryExtras(game: string, state: unknown, events: readonly RevisionedEvent[]): unknown {
  if (game !== 'guandan') return null;
  return { turn: turnPlays(state as MatchState), ...commentaryFacts(effectiveEvents(events)) };
}
