import type { Audience } from './audience';
import type { BusMessage } from './bus-message';
import type { BusDeliveryError } from './errors';

/**
 * The fan-out bus between the feed producers (one per match, inside the server) and the
 * websocket gateways. Everything on it is already redacted and already released: a gateway never
 * holds data its audience may not see yet, so gateways can be scaled out freely.
 *
 * Contract (checked by `describeFeedBusContract`, which every adapter runs):
 * - Ordering: messages of one (matchId, audience) reach each subscriber in the order they were
 *   published, even when `publish` is called again before the previous call settled. Messages of
 *   different matches or audiences may interleave in any order.
 * - Fan-out: every subscription receives every message of its audiences published after its
 *   `subscribe()` resolved. Each subscription is its own consumer group unless `groupId` is given
 *   (every gateway must see every frame: broadcast, not work-sharing).
 * - Shared `groupId`: the subscriptions of a group split the matches between them; each message
 *   goes to one member, and all of one match's messages go to the same member while membership
 *   is stable. With a durable adapter (Kafka), a subscription that rejoins its group resumes after
 *   the last message the group handled, including messages published while it was away.
 * - Delivery is at least once on durable adapters (a crash between handling and committing
 *   repeats a message): gateways drop a message whose seq they already sent (they keep the last
 *   seq per match and audience for client resume anyway).
 * - A handler is never called concurrently with itself: the next message waits until the
 *   returned promise settles. That is the back-pressure: a slow handler delays only its own
 *   subscription (each adapter states how far it lets that subscription fall behind).
 * - A handler that throws or rejects is reported to `onError` and the message is skipped; the
 *   publisher never sees a subscriber's failure.
 * - `Subscription.close()` resolves once no handler call is running and none will start.
 * - Health: a durable adapter reports to `onHealth` when its consumer failed (a broker outage
 *   that outlasted the client's retries: nothing is fetched until it recovers) and again once it
 *   rejoined its group and fetches again. A dropped connection the client reconnects on its own is
 *   no failure. The in-process bus never fails, so it never reports.
 * - `publish` and `subscribe` on a closed bus reject with `BusClosedError`; a malformed message
 *   rejects with `InvalidBusMessageError` and reaches nobody.
 */
export interface FeedBus {
  /** Resolves when the adapter has accepted the message (Kafka: acknowledged by the brokers). */
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: BusHandler, options?: BusSubscribeOptions): Promise<BusSubscription>;
  /**
   * Hands the handler the latest frame the bus keeps of every (match, audience) of `audiences`
   * (all when omitted), then resolves with how many it handed over: what a gateway that just
   * started needs so a spectator gets a match's current state before its next frame. Frames
   * published meanwhile may come too; every one is a frame already released to its audience.
   * Called after `subscribe()` resolved, it leaves no frame out between the two (Kafka: the
   * compacted `<prefix>.<audience>.latest` topics, read to their end as it was at the call).
   */
  readLatest(handler: BusHandler, options?: Pick<BusSubscribeOptions, 'audiences'>): Promise<number>;
  /** Waits for accepted publishes to finish, closes every subscription, then releases the client. */
  close(): Promise<void>;
}

export type BusHandler = (message: BusMessage) => void | Promise<void>;

export interface BusSubscribeOptions {
  /** The audiences this gateway serves; all audiences when omitted. Never empty. */
  readonly audiences?: readonly Audience[];
  /** Share the matches with the other subscriptions of this group instead of receiving all. */
  readonly groupId?: string;
  /** Failures of this subscription's delivery; without it they become process warnings. */
  readonly onError?: (error: BusDeliveryError) => void;
  /** The subscription's consumer failed or is consuming again (see Health above); none without it. */
  readonly onHealth?: (health: BusSubscriptionHealth) => void;
}

/** Whether a subscription is fetching frames, and if not, why. */
export type BusSubscriptionHealth =
  { readonly live: true } | { readonly live: false; readonly reason: string };

export interface BusSubscription {
  close(): Promise<void>;
}
