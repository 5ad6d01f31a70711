import type { BusHandler, BusSubscribeOptions, BusSubscription, FeedBus } from '@tablecast/bus';

/**
 * Starts a service's feed-bus subscription when Nest builds the service, to be awaited in its
 * lifecycle hook. On Kafka each subscription joins a consumer group of its own, and a broker holds
 * a new group's first join for `group.initial.rebalance.delay.ms` (3 s by default; librdkafka's
 * mock cluster always 3 s). Nest runs one module's `onModuleInit` after the previous module's has
 * finished, so the full server's four subscribers (feed hub, producer dashboard, tournament venue
 * tables, director), each awaiting its own join there, booted in four such waits one after another
 * (12 of the 13 s a full server took on the mock). Every provider is built before any hook runs:
 * started here, the joins overlap and the boot waits about one.
 *
 * A failure still fails the boot, when the hook awaits the promise; until then it is marked
 * handled, so a boot that fails elsewhere first does not also crash on an unhandled rejection.
 */
export function subscribeAtBuild(
  bus: FeedBus,
  handler: BusHandler,
  options: BusSubscribeOptions,
): Promise<BusSubscription> {
  const subscribing = bus.subscribe(handler, options);
  subscribing.catch(() => undefined);
  return subscribing;
}

/**
 * Closes a subscription started at build, whether or not its hook got to await it (an app closed
 * before its hooks ran); one that failed to start has nothing to close.
 */
export async function closeSubscribedAtBuild(subscribing: Promise<BusSubscription>): Promise<void> {
  const subscription = await subscribing.catch(() => undefined);
  await subscription?.close();
}
