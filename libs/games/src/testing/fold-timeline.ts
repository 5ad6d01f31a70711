import { gameEventType } from '@tablecast/events';
import type { MatchState as GuandanState } from '@tablecast/guandan';
import { foldMatch, gameOfMatch } from '@tablecast/game-kit';
import { gameModule } from '../registry';

/** One entry of a match's staff timeline (`GET /api/matches/:id/timeline`): a stored event. */
export interface TimelineEvent {
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
}

/**
 * A match's engine state, folded by a client from the staff timeline through its game's module (the
 * server sends views, never the engine's state): for a bot or a harness that picks moves from it.
 * Corrections retract as on the server, because the same `foldMatch` folds them.
 */
export function foldTimeline(entries: readonly TimelineEvent[]): unknown {
  const game = gameOfMatch(entries[0]);
  if (game === undefined) throw new Error('the timeline does not open with a MatchCreated naming its game');
  const module = gameModule(game);
  // Another game's events are stored under names qualified with the game; its module folds its own.
  const own = entries.map((entry) => ({ ...entry, type: gameEventType(game, entry.type) }));
  return foldMatch(module, own);
}

/** A Guandan match's engine state folded from its timeline (see `foldTimeline`); another game's throws. */
export function foldGuandanTimeline(entries: readonly TimelineEvent[]): GuandanState {
  const game = gameOfMatch(entries[0]);
  if (game !== 'guandan') throw new Error(`expected a Guandan match, got game "${String(game)}"`);
  return foldTimeline(entries) as GuandanState;
}
