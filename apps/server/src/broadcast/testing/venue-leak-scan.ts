import type { ServerMessage } from '@tablecast/protocol';
import { expect } from 'vitest';
import type { FeedSocket } from './feed-socket';
import { CARD_ID } from './held-cards';

/**
 * Fails unless every raw frame `client` received is a text venue frame that names no card still
 * held at its revision (`held` from heldAfterEachRevision): the venue's promise checked on the
 * bytes that were sent, not on a parsed view.
 */
export function expectNoHeldCardInVenueFrames(client: FeedSocket, held: readonly Set<string>[]): void {
  for (const { text } of client.raw) {
    expect(text.startsWith('binary:')).toBe(false);
    const frame = JSON.parse(text) as ServerMessage;
    if (frame.type !== 'feed') continue;
    expect(frame.audience).toBe('venue');
    const revision = frame.view?.revision ?? frame.event?.revision;
    if (revision === undefined) throw new Error('venue frame without a revision');
    const hidden = held[revision] ?? new Set<string>();
    const leaked = (text.match(CARD_ID) ?? []).filter((card) => hidden.has(card));
    expect(leaked, `venue seq ${String(frame.seq)} at revision ${String(revision)}`).toEqual([]);
  }
}
