import type { ConfluentTopicPartition } from './confluent-client';
import type { ConfluentStartOffsets } from './start-offsets';

// librdkafka's logical offset for the first record a partition still holds.
const OFFSET_BEGINNING = -2;

/** The group's committed offsets of some partitions (null or negative: none committed). */
export type CommittedLookup = (
  partitions: readonly ConfluentTopicPartition[],
) => Promise<readonly { topic: string; partition: number; offset: string | null }[]>;

/**
 * Where each newly assigned partition starts, handed to librdkafka from the rebalance callback.
 *
 * - A partition the group never committed starts at the end of the log as it was before the
 *   consumer joined (`captureConfluentStartOffsets`; the beginning of a topic that did not exist
 *   yet): librdkafka's own "latest" is resolved at the first fetch after the join, so a frame
 *   published while `subscribe()` was joining would be skipped.
 * - A group of its own commits nothing, so when librdkafka rejoins it (a session timeout, a
 *   coordinator change) each partition resumes after the last record this process fetched.
 * - A named group's committed partitions start at the committed offset (librdkafka's default).
 */
export class AssignmentOffsets {
  private readonly next = new Map<string, number>();

  constructor(
    private readonly start: ConfluentStartOffsets,
    private readonly ownGroup: boolean,
    private readonly committed: CommittedLookup,
  ) {}

  fetched(topic: string, partition: number, offset: string): void {
    if (this.ownGroup) this.next.set(key(topic, partition), Number(offset) + 1);
  }

  async startAt(assignment: readonly ConfluentTopicPartition[]): Promise<ConfluentTopicPartition[]> {
    const unfetched = assignment.filter(({ topic, partition }) => !this.next.has(key(topic, partition)));
    // Only a named group can have commits (an own group's id is random and it never commits).
    const committedHere = new Set<string>();
    if (!this.ownGroup && unfetched.length > 0) {
      for (const entry of await this.committed(unfetched)) {
        if (entry.offset !== null && Number(entry.offset) >= 0)
          committedHere.add(key(entry.topic, entry.partition));
      }
    }
    return assignment.map((assigned) => {
      const { topic, partition } = assigned;
      const id = key(topic, partition);
      const resumeAt = this.next.get(id);
      if (resumeAt !== undefined) return { topic, partition, offset: resumeAt };
      if (committedHere.has(id)) return assigned;
      // Never committed (nor fetched here): at its start again, also on a later assignment, since
      // librdkafka's "latest" would skip what was published since (a member that handled some of
      // it without committing yet makes that a repeat, which at-least-once allows).
      const end = this.start.ends.get(topic)?.get(partition);
      const offset = end ?? (this.start.newTopics.has(topic) ? OFFSET_BEGINNING : undefined);
      if (offset === undefined) return assigned;
      if (this.ownGroup && offset >= 0) this.next.set(id, offset);
      return { topic, partition, offset };
    });
  }
}

function key(topic: string, partition: number): string {
  return `${topic}\u0000${String(partition)}`;
}
