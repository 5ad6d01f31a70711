import type { AllStreamResolvedEvent } from '@kurrent/kurrentdb-client';
import type { StoredEvent } from '../port';
import { comparePositions, type Position } from '../position';
import { toStoredEvent } from './mapping';

/**
 * A note the adapter slips into the client's own stream of events, so it reaches the iterator in
 * the order the server said it: a filter checkpoint (the server has looked through `position`)
 * or the server's "caught up" (everything stored when it went live has been sent).
 */
interface HeadNote {
  readonly [HEAD_NOTE]: true;
  readonly position: Position | 'live';
}

const HEAD_NOTE = Symbol('tablecast.headNote');

function isHeadNote(item: unknown): item is HeadNote {
  return typeof item === 'object' && item !== null && HEAD_NOTE in item;
}

/**
 * Queues a head note behind the events already sent. The client emits checkpoints and "caught
 * up" while it transforms the server's message, before the iterator has taken the events that
 * came ahead of it; pushing the note into the same readable keeps it behind them.
 */
export function noteHead(subscription: { push(chunk: unknown): boolean }, position: Position | 'live'): void {
  const note: HeadNote = { [HEAD_NOTE]: true, position };
  subscription.push(note);
}

/**
 * The client's events as stored events, telling `notify` once that the head as of subscribing
 * (`head`, undefined for an empty log) is passed: before the first event after it, right after
 * the event at it, or at a note that the server has looked at or past it.
 */
export async function* withHeadCheck(
  items: AsyncIterable<AllStreamResolvedEvent | HeadNote>,
  head: Position | undefined,
  notify: ((head: Position | undefined) => void) | undefined,
): AsyncGenerator<StoredEvent> {
  let pending = notify;
  const tell = (): void => {
    const once = pending;
    pending = undefined;
    once?.(head);
  };
  const passed = (position: Position | 'live', orAt: boolean): boolean => {
    if (head === undefined || position === 'live') return true;
    const order = comparePositions(position, head);
    return order > 0 || (orAt && order === 0);
  };
  if (head === undefined) tell();
  for await (const item of items) {
    if (isHeadNote(item)) {
      if (passed(item.position, true)) tell();
      continue;
    }
    if (item.event === undefined) continue;
    const event = toStoredEvent(item.event);
    if (pending !== undefined && passed(event.position, false)) tell();
    yield event;
    if (pending !== undefined && passed(event.position, true)) tell();
  }
}
