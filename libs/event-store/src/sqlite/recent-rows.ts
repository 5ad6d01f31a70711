import type { StoredEvent } from '../port';
import type { EventRowValues } from './row-mapping';

/** Rows kept: a few commands' worth, enough for subscribers that keep up. */
const KEPT = 64;

/**
 * The last rows this connection committed, as a read would return them, so that subscribers in
 * this process that keep up get an append's events without reading them back from the file (two
 * subscribers read every appended event: ~7 % of the server's CPU per command).
 *
 * Each row is made an event once, by the first subscriber that asks for it, and every other
 * subscriber that keeps up gets that same event: the server's seven log followers then decode an
 * append's envelopes once between them instead of once each. Events are read-only to consumers.
 *
 * It only ever answers with rows it holds, and only when it holds every row from the one asked for
 * to its last: its positions are contiguous (a row another connection committed in between, or
 * one this connection wrote inside a caller's transaction, starts it over). It never says "no
 * more": a read past its last row goes to the file, so rows other connections committed after it
 * are found there, in order, as before (the subscriber's read after its poll).
 */
export class RecentRows {
  private rows: EventRowValues[] = [];
  /** The event of each row, once a subscriber has asked for it (same index as `rows`). */
  private events: (StoredEvent | undefined)[] = [];

  /** After a commit: the batch's rows, in position order. */
  add(batch: readonly EventRowValues[]): void {
    const first = batch[0];
    if (first === undefined) return;
    const last = this.rows[this.rows.length - 1];
    if (last === undefined || first[0] !== last[0] + 1) {
      this.rows = [];
      this.events = [];
    }
    this.rows.push(...batch);
    this.events.push(...batch.map(() => undefined));
    if (this.rows.length > KEPT) {
      this.rows.splice(0, this.rows.length - KEPT);
      this.events.splice(0, this.events.length - KEPT);
    }
  }

  /**
   * Up to `limit` events strictly after `after`, each made by `toEvent` the first time it is
   * asked for and shared after that, and the position of the last; undefined unless it holds the
   * next row.
   */
  after(
    after: number,
    limit: number,
    toEvent: (row: EventRowValues) => StoredEvent,
  ): { readonly events: StoredEvent[]; readonly through: number } | undefined {
    const first = this.rows[0];
    if (first === undefined) return undefined;
    const index = after + 1 - first[0];
    if (index < 0 || index >= this.rows.length) return undefined;
    const end = Math.min(this.rows.length, index + limit);
    const events: StoredEvent[] = [];
    let through = after;
    for (let i = index; i < end; i += 1) {
      const row = this.rows[i];
      if (row === undefined) break;
      const event = this.events[i] ?? toEvent(row);
      this.events[i] = event;
      events.push(event);
      through = row[0];
    }
    return { events, through };
  }
}
