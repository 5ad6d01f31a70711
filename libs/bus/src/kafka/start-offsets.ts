import type { Admin } from 'kafkajs';

/** Per topic, per partition: the offset a new member of the group starts at. */
export type StartOffsets = Map<string, Map<number, string>>;

/**
 * Where a subscription starts on partitions its group has never committed: the end of the log
 * as it was *before* the consumer joined. kafkajs' own `fromBeginning: false` resolves "latest"
 * only at the first fetch after the join, so a message published between `subscribe()` resolving
 * and that fetch would be skipped; seeking to offsets captured earlier closes that window.
 * Partitions the group has committed are left out: a returning member resumes where it stopped.
 */
export async function captureStartOffsets(
  admin: Admin,
  groupId: string,
  topics: readonly string[],
): Promise<StartOffsets> {
  const ends = await Promise.all(
    topics.map(async (topic) => [topic, await admin.fetchTopicOffsets(topic)] as const),
  );
  const committed = await admin.fetchOffsets({ groupId, topics: [...topics] });
  const start: StartOffsets = new Map();
  for (const [topic, partitions] of ends) {
    const committedHere = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
    const uncommitted = new Map<number, string>();
    for (const { partition, high } of partitions) {
      const offset = committedHere.find((entry) => entry.partition === partition)?.offset;
      if (offset === undefined || Number(offset) < 0) uncommitted.set(partition, high);
    }
    start.set(topic, uncommitted);
  }
  return start;
}
