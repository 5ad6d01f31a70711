import { viewerFor } from './audience-rules';
import type { FeedGame } from './feed-game';
import type { FeedProjection } from './feed-projection';

/**
 * The one choke point for state: what `audience` may see of the match, as the game's view for
 * the audience's viewer (a `public` audience, venue or any unknown name, is the venue viewer).
 * Which moment of the match it shows is the caller's: the broadcast feed passes the delayed projection.
 */
export function viewFor<S, F, V>(
  game: FeedGame<S, F, V>,
  projection: FeedProjection<S, F>,
  audience: string,
): V {
  return game.view(projection, viewerFor(audience));
}
