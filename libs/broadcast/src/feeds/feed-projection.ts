import { effectiveEvents, isGameEvent } from '@tablecast/game-kit';
import type { FeedInput, LoggedEvent } from './feed-input';
import type { FeedGame, FeedSnapshot } from './feed-game';

/**
 * The match as the feeds know it: the game's state (every hand) plus the game's own on-air facts.
 * It holds hidden information; only `viewFor` (the game's view for a viewer) turns it into
 * something an audience may receive.
 */
export type FeedProjection<S = unknown, F = unknown> = FeedSnapshot<S, F>;

export function emptyProjection<S, F>(game: FeedGame<S, F>, matchId: string): FeedProjection<S, F> {
  return {
    matchId,
    match: game.module.initialState() as S,
    revision: -1,
    asOf: '',
    facts: game.facts.initial,
  };
}

/** One more event of the stream: the game's events fold through the module, the rest move only the revision. */
export function project<S, F>(
  game: FeedGame<S, F>,
  projection: FeedProjection<S, F>,
  input: FeedInput<LoggedEvent>,
): FeedProjection<S, F> {
  const { event } = input;
  if (!isGameEvent(game.module, event))
    return { ...projection, revision: input.revision, asOf: input.recordedAt };
  const match = game.module.evolve(projection.match, event) as S;
  const facts = game.facts.advance(projection.facts, {
    event,
    before: projection.match,
    after: match,
    revision: input.revision,
    at: input.recordedAt,
  });
  return { ...projection, revision: input.revision, asOf: input.recordedAt, match, facts };
}

/**
 * The projection of a whole match from its inputs, skipping what confirmed keying corrections
 * retracted (`effectiveEvents`): what the table really looks like after a correction.
 */
export function refold<S, F>(
  game: FeedGame<S, F>,
  matchId: string,
  inputs: readonly FeedInput<LoggedEvent>[],
): FeedProjection<S, F> {
  const last = inputs[inputs.length - 1];
  const effective = effectiveEvents(
    inputs.map((input) => ({ ...input.event, revision: input.revision, input })),
  );
  let projection = emptyProjection(game, matchId);
  for (const { input } of effective) projection = project(game, projection, input);
  // The view is as of the latest event, even when that event retracted the ones before it.
  return last === undefined ? projection : { ...projection, revision: last.revision, asOf: last.recordedAt };
}
