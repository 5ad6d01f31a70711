import type { StoredEvent, SubscriptionFilter } from '../port';

/**
 * A subscription filter evaluated on an event already read, as the file's query evaluates it: a
 * stream name starting with one of the prefixes, or a type among the listed ones.
 */
export function filterMatcher(filter: SubscriptionFilter): (event: StoredEvent) => boolean {
  if ('streamPrefixes' in filter) {
    const prefixes = filter.streamPrefixes;
    return (event) => prefixes.some((prefix) => event.stream.startsWith(prefix));
  }
  const types = new Set(filter.eventTypes);
  return (event) => types.has(event.type);
}
