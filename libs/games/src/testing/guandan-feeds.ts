import {
  MatchFeed,
  emptyProjection,
  project,
  redact,
  viewFor,
  type FeedInput,
  type FeedPolicy,
  type FeedProjection,
  type LoggedEvent,
  type MatchFeedOptions,
} from '@tablecast/broadcast';
import type { MatchState } from '@tablecast/guandan';
import type { FeedEvent, MatchView } from '@tablecast/protocol';
import type { GuandanFeedFacts } from '../feeds/guandan-facts';
import { guandanFeed } from '../feeds/guandan-feed';

/** For the feed specs: the feed pieces of @tablecast/broadcast with Guandan's feed game set up. */
export type GuandanFeedProjection = FeedProjection<MatchState, GuandanFeedFacts>;

export function guandanMatchFeed(
  policy: FeedPolicy,
  options: Omit<MatchFeedOptions, 'game'> = {},
): MatchFeed {
  return new MatchFeed(policy, { ...options, game: guandanFeed });
}

export function guandanRedact(input: FeedInput<LoggedEvent>, audience: string): FeedEvent | null {
  return redact(guandanFeed.module, input, audience);
}

export function guandanEmptyProjection(matchId: string): GuandanFeedProjection {
  return emptyProjection(guandanFeed, matchId);
}

export function guandanProject(
  projection: GuandanFeedProjection,
  input: FeedInput<LoggedEvent>,
): GuandanFeedProjection {
  return project(guandanFeed, projection, input);
}

export function guandanViewFor(projection: GuandanFeedProjection, audience: string): MatchView {
  return viewFor(guandanFeed, projection, audience);
}
