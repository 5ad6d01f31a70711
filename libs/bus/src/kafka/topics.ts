import { AUDIENCES, isAudience, type Audience } from '../audience';
import { BusConfigurationError } from '../errors';

// Kafka's legal topic characters and length limit; checked at boot rather than on first publish.
const LEGAL_TOPIC = /^[A-Za-z0-9._-]+$/;
const MAX_TOPIC_LENGTH = 249;

/** One topic per audience, `<prefix>.<audience>`: a gateway only ever fetches its audiences. */
export function topicFor(prefix: string, audience: Audience): string {
  return `${prefix}.${audience}`;
}

export function assertValidTopicPrefix(prefix: string): void {
  if (!LEGAL_TOPIC.test(prefix)) {
    throw new BusConfigurationError(
      `topicPrefix ${JSON.stringify(prefix)} must be non-empty and use only letters, digits, '.', '_' and '-'`,
    );
  }
  if (latestTopicFor(prefix, 'commentary').length > MAX_TOPIC_LENGTH) {
    throw new BusConfigurationError(
      `topicPrefix is too long: topics are limited to ${MAX_TOPIC_LENGTH} characters`,
    );
  }
}

/**
 * The compacted topic beside each audience topic, `<prefix>.<audience>.latest`: key = match id,
 * so compaction keeps the latest frame of every (match, audience), which is what a gateway reads
 * at boot to serve a match's current state before its next frame. One per audience, like the
 * frame topics, so a public gateway never fetches a staff frame and ACLs stay per audience.
 */
export function latestTopicFor(prefix: string, audience: Audience): string {
  return `${topicFor(prefix, audience)}.latest`;
}

/** The audience a fetched latest-frame topic carries; undefined for any other topic. */
export function audienceOfLatestTopic(prefix: string, topic: string): Audience | undefined {
  if (!topic.endsWith('.latest')) return undefined;
  return audienceOfTopic(prefix, topic.slice(0, -'.latest'.length));
}

/** The audience a fetched topic carries; undefined for a topic this bus did not name. */
export function audienceOfTopic(prefix: string, topic: string): Audience | undefined {
  if (!topic.startsWith(`${prefix}.`)) return undefined;
  const audience = topic.slice(prefix.length + 1);
  return isAudience(audience) ? audience : undefined;
}

/** Every topic a bus with this prefix publishes to or fetches from: per audience, its frames and its latest frames. */
export function busTopics(prefix: string): string[] {
  return AUDIENCES.flatMap((audience) => [topicFor(prefix, audience), latestTopicFor(prefix, audience)]);
}

/**
 * Topics are created explicitly (replication factor, `min.insync.replicas` and retention are an
 * operator's choice; a broker's auto-create would pick its defaults, and acks=all would buy nothing
 * at replication 1), so a bus checks at creation that every one of its topics exists and names
 * every one that does not.
 */
export async function assertTopicsExist(
  topics: readonly string[],
  listTopics: () => Promise<readonly string[]>,
): Promise<void> {
  const existing = new Set(await listTopics());
  const missing = topics.filter((topic) => !existing.has(topic));
  if (missing.length === 0) return;
  throw new BusConfigurationError(
    `Kafka topic ${missing.join(', ')} does not exist; create the topics before starting ` +
      `(docker/compose.yml's kafka-topics job does; auto-create is off)`,
  );
}
