import { describeBusMessage, findBusMessageProblem, type BusMessage } from '../bus-message';
import { BusClosedError, BusConfigurationError, BusDeliveryError } from '../errors';
import type { BusHandler, BusSubscribeOptions, BusSubscription, FeedBus } from '../port';
import { resolveSubscribeOptions, type ResolvedSubscribeOptions } from '../subscribe-options';
import { handlerFailure } from '../handler-failure';
import { pickMember } from './pick-member';
import { SubscriberQueue } from './subscriber-queue';

export interface InProcessBusOptions {
  /**
   * How many messages a subscriber may have waiting behind a slow handler before it is dropped
   * (reported to its `onError` as `overflow`). A gateway that far behind serves stale frames;
   * dropping it lets it resubscribe and resend snapshots instead of growing memory without bound.
   */
  readonly maxQueuedPerSubscription?: number;
}

const DEFAULT_MAX_QUEUED = 10_000;

interface Subscriber {
  readonly queue: SubscriberQueue;
  readonly options: ResolvedSubscribeOptions;
}

/**
 * The default bus: fan-out inside one server process. `publish` hands the same message object
 * (the same payload bytes) to every subscriber without copying or encoding; idle subscribers
 * with synchronous handlers have handled it by the time `publish` returns.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): FeedBus {
  const maxQueued = options.maxQueuedPerSubscription ?? DEFAULT_MAX_QUEUED;
  if (!Number.isSafeInteger(maxQueued) || maxQueued < 1) {
    throw new BusConfigurationError(`maxQueuedPerSubscription must be a positive integer, got ${maxQueued}`);
  }
  return new InProcessBus(maxQueued);
}

class InProcessBus implements FeedBus {
  private readonly subscribers = new Set<Subscriber>();
  /** The latest frame published of every (match, audience): what readLatest hands a late hub. */
  private readonly latest = new Map<string, BusMessage>();
  private closed = false;

  constructor(private readonly maxQueued: number) {}

  publish(message: BusMessage): Promise<void> {
    if (this.closed) {
      return Promise.reject(new BusClosedError('publish', `of ${describeBusMessage(message)}`));
    }
    const problem = findBusMessageProblem(message);
    if (problem !== undefined) return Promise.reject(problem);
    this.latest.set(`${message.matchId}\u0000${message.audience}`, message);
    for (const subscriber of this.recipients(message)) {
      if (subscriber.queue.offer(message) === 'overflow') this.dropOverflowing(subscriber, message);
    }
    return Promise.resolve();
  }

  subscribe(handler: BusHandler, options?: BusSubscribeOptions): Promise<BusSubscription> {
    if (this.closed) return Promise.reject(new BusClosedError('subscribe', 'of a new subscriber'));
    const resolved = resolveSubscribeOptions(options);
    if (resolved instanceof BusConfigurationError) return Promise.reject(resolved);
    const subscriber: Subscriber = {
      queue: new SubscriberQueue(handler, resolved.onError, this.maxQueued),
      options: resolved,
    };
    this.subscribers.add(subscriber);
    return Promise.resolve({ close: () => this.unsubscribe(subscriber) });
  }

  async readLatest(handler: BusHandler, options?: Pick<BusSubscribeOptions, 'audiences'>): Promise<number> {
    if (this.closed) throw new BusClosedError('subscribe', 'of a latest-frame read');
    const resolved = resolveSubscribeOptions(options);
    if (resolved instanceof BusConfigurationError) throw resolved;
    let handed = 0;
    for (const message of [...this.latest.values()]) {
      if (!resolved.audiences.has(message.audience)) continue;
      try {
        await handler(message);
        handed += 1;
      } catch (error) {
        resolved.onError(handlerFailure(message, error));
      }
    }
    return handed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscribers].map((subscriber) => this.unsubscribe(subscriber)));
  }

  /** Every ungrouped subscriber of the audience, plus one member per group (chosen by match). */
  private recipients(message: BusMessage): Subscriber[] {
    const recipients: Subscriber[] = [];
    const groups = new Map<string, Subscriber[]>();
    for (const subscriber of this.subscribers) {
      if (!subscriber.options.audiences.has(message.audience)) continue;
      const { groupId } = subscriber.options;
      if (groupId === undefined) {
        recipients.push(subscriber);
      } else {
        const members = groups.get(groupId);
        if (members === undefined) groups.set(groupId, [subscriber]);
        else members.push(subscriber);
      }
    }
    for (const members of groups.values()) {
      const chosen = pickMember(members, message.matchId);
      if (chosen !== undefined) recipients.push(chosen);
    }
    return recipients;
  }

  private unsubscribe(subscriber: Subscriber): Promise<void> {
    this.subscribers.delete(subscriber);
    return subscriber.queue.close();
  }

  private dropOverflowing(subscriber: Subscriber, message: BusMessage): void {
    void this.unsubscribe(subscriber);
    const { audience, matchId, seq } = message;
    subscriber.options.onError(
      new BusDeliveryError(
        'overflow',
        { audience, matchId, seq },
        `subscriber dropped: more than ${this.maxQueued} messages waiting behind its handler ` +
          `(at match ${matchId} ${audience} seq ${seq}); resubscribe and resend snapshots`,
      ),
    );
  }
}
