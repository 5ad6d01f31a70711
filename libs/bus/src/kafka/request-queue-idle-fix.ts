import { createRequire } from 'node:module';

/** The part of kafkajs' internal RequestQueue (one per broker connection) the fix touches. */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  scheduleCheckPendingRequests: (this: RequestQueueInternals) => void;
}

interface RequestQueueClass {
  prototype: RequestQueueInternals & { [FIXED]?: true };
}

const FIXED: unique symbol = Symbol.for('tablecast.kafkajs-idle-timer-fix');
/** The only release the fix is written against: kafkajs is pinned to it and unmaintained. */
const FIXED_VERSION = '2.2.4';

/**
 * kafkajs 2.2.4 re-arms a 1 ms timer forever on every broker connection once it has sent one
 * request: with nothing pending and no throttle, `scheduleCheckPendingRequests` sets a timeout of
 * `throttledUntil - now` (negative, so 1 ms) that calls `checkPendingRequests`, which schedules it
 * again (tulios/kafkajs#1556 and #1704; fix proposed in #1667 and #1768, never released). Each
 * connection then burns CPU while idle: about 90 ms per second in a gateway process, as much as
 * the fan-out to 400 spectators. Nothing needs that check: a request pushed while it cannot go out
 * is pending (and schedules its own check), a response calls `checkPendingRequests` itself, and a
 * throttle end is still scheduled. So with nothing pending and no throttle, schedule nothing.
 *
 * Applied once per process by `createKafkaBus`, only to the release it was written for: another
 * version keeps its own behaviour (and `@confluentinc/kafka-javascript`, the production choice,
 * is not affected). Returns whether the fix is in place.
 */
export function fixKafkaJsIdleTimerLoop(load: (id: string) => unknown = createRequire(__filename)): boolean {
  const version = (load('kafkajs/package.json') as { version?: string }).version;
  if (version !== FIXED_VERSION) return false;
  const RequestQueue = load('kafkajs/src/network/requestQueue') as RequestQueueClass;
  const prototype = RequestQueue.prototype;
  if (prototype[FIXED]) return true;
  const original = prototype.scheduleCheckPendingRequests;
  prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(
    this: RequestQueueInternals,
  ) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    original.call(this);
  };
  prototype[FIXED] = true;
  return true;
}
