/**
 * Who a view or an event is being prepared for. The platform maps its audiences onto these:
 * - `staff` (referee, arbiter, producer): everything, live;
 * - `venue` (hall screens, live text, any unknown audience): what a spectator in the hall could
 *   see at the table, live: never a card still in a hand, never a sealed choice before its reveal;
 * - `broadcast` (TV, commentary): everything, but only as the match was a security delay ago (the
 *   delay is the caller's: it passes the delayed state);
 * - `seat` (a player's own terminal): the public facts plus what that seat itself holds or chose.
 */
export type Viewer =
  | { readonly kind: 'staff' }
  | { readonly kind: 'venue' }
  | { readonly kind: 'broadcast' }
  | { readonly kind: 'seat'; readonly seat: string };

export const STAFF: Viewer = { kind: 'staff' };
export const VENUE: Viewer = { kind: 'venue' };
export const BROADCAST: Viewer = { kind: 'broadcast' };

export function seatViewer(seat: string): Viewer {
  return { kind: 'seat', seat };
}

/** Whether the viewer sees hidden information at all (staff live, broadcast behind the delay). */
export function seesEverything(viewer: Viewer): boolean {
  return viewer.kind === 'staff' || viewer.kind === 'broadcast';
}

/** Whether this viewer may see a secret known to the seats `seenBy` (none: the unrevealed kitty, the deck order). */
export function maySee(viewer: Viewer, seenBy: readonly string[]): boolean {
  if (seesEverything(viewer)) return true;
  return viewer.kind === 'seat' && seenBy.includes(viewer.seat);
}
