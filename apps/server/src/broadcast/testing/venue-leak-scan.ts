import type { ServerMessage } from '@tablecast/protocol';
import { expect } from 'vitest';
import type { FeedSocket } from './feed-socket';
import { namedCards } from './held-cards';

/**
 * Fails unless every raw frame `client` received is a text venue frame that names no card still
 * held at its revision (`held` from heldAfterEachRevision, any game): the venue's promise checked
 * on the bytes that were sent, not on a parsed view.
 */
export function expectNoHeldCardInVenueFrames(client: FeedSocket, held: readonly Set<string>[]): void {
  for (const { text } of client.raw) {
    expect(text.startsWith('binary:')).toBe(false);
    const frame = JSON.parse(text) as ServerMessage;
    if (frame.type !== 'feed') continue;
    expect(frame.audience).toBe('venue');
    const revision = frame.event?.revision ?? streamRevisionOf(frame.view);
    if (revision === undefined) throw new Error('venue frame without a revision');
    const hidden = held[revision] ?? new Set<string>();
    const leaked = [...namedCards(text)].filter((card) => hidden.has(card));
    expect(leaked, `venue seq ${String(frame.seq)} at revision ${String(revision)}`).toEqual([]);
  }
}

/**
 * The log revision a view shows: Dou Dizhu's view keeps its module's own `revision` and carries the
 * log's as `streamRevision`; Guandan's `revision` is the log's.
 */
export function streamRevisionOf(view: unknown): number | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const { streamRevision, revision } = view as { streamRevision?: unknown; revision?: unknown };
  if (typeof streamRevision === 'number') return streamRevision;
  return typeof revision === 'number' ? revision : undefined;
}
