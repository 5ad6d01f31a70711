/**
 * How long an on-air page keeps its graphics up after losing the server. Until then every clock
 * stands still at the moment of the loss and the page says it is reconnecting; from then on the
 * graphics that would lie if the table moved on meanwhile (the turn clock, the "to play" mark and
 * ring) are hidden: a reconnect seconds later is invisible apart from the card, a long outage
 * never shows a stale turn as current.
 */
export const SIGNAL_STALE_AFTER_MS = 10_000;

export type Signal = 'ok' | 'lost' | 'stale';

/** The page's signal at `nowMs`, given when the connection was lost (null: it is up). */
export function signalAt(lostAtMs: number | null, nowMs: number): Signal {
  if (lostAtMs === null) return 'ok';
  return nowMs - lostAtMs >= SIGNAL_STALE_AFTER_MS ? 'stale' : 'lost';
}
