import { gameEventType } from '@tablecast/events';
import { isGameEvent, type AnyGameModule, type GameEvent } from '@tablecast/game-kit';

/** A Guandan card id as it appears in any frame's text (rank, suit, deck copy a/b), for leak scans. */
export const CARD_ID = /(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]/g;

/**
 * The hidden values (cards still in a hand, passing into one, or in a face-down kitty) after each
 * revision of the match: what no public frame of that revision may name. Folded through the game's
 * module and read from its `secrets(state)`, not from the feed, so a redaction bug cannot hide
 * itself. `events` are the stream's, as stored (another game's names qualified with its id).
 */
export function heldAfterEachRevision(
  module: AnyGameModule,
  events: readonly { readonly type: string; readonly data: unknown }[],
): Set<string>[] {
  let state = module.initialState();
  return events.map(({ type, data }) => {
    const event = { type: gameEventType(module.id, type), data } as GameEvent;
    if (isGameEvent(module, event)) state = module.evolve(state, event);
    return new Set(module.secrets(state).flatMap((secret) => secret.values));
  });
}

/** The card ids a frame's text names: whole words (Dou Dizhu's `S3`, Guandan's `S3a`) and Guandan ids. */
export function namedCards(text: string): Set<string> {
  return new Set([...(text.match(/[A-Za-z0-9]+/g) ?? []), ...(text.match(CARD_ID) ?? [])]);
}
