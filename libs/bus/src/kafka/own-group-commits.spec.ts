import type { OffsetsByTopicPartition } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { ownGroupCommitter, type CommitPayload } from './own-group-commits';

/** A batch payload that records what the committer asked kafkajs to commit. */
function batchOf(
  topic: string,
  partition: number,
  calls: (OffsetsByTopicPartition | 'if-due')[],
): CommitPayload {
  const uncommitted: OffsetsByTopicPartition = {
    topics: [{ topic, partitions: [{ partition, offset: '8' }] }],
  };
  return {
    batch: { topic, partition } as CommitPayload['batch'],
    uncommittedOffsets: () => uncommitted,
    commitOffsetsIfNecessary: (offsets?: OffsetsByTopicPartition) => {
      calls.push(offsets ?? 'if-due');
      return Promise.resolve();
    },
  };
}

describe('commits of a subscription in a group of its own', () => {
  it("commits a partition's first batch at once, then leaves later batches to the interval", async () => {
    const commit = ownGroupCommitter();
    const calls: (OffsetsByTopicPartition | 'if-due')[] = [];
    await commit(batchOf('t.venue', 2, calls));
    await commit(batchOf('t.venue', 2, calls));
    await commit(batchOf('t.venue', 2, calls));
    expect(calls).toEqual([
      { topics: [{ topic: 't.venue', partitions: [{ partition: 2, offset: '8' }] }] },
      'if-due',
      'if-due',
    ]);
  });

  it('tracks each topic and partition apart', async () => {
    const commit = ownGroupCommitter();
    const calls: (OffsetsByTopicPartition | 'if-due')[] = [];
    await commit(batchOf('t.venue', 0, calls));
    await commit(batchOf('t.venue', 1, calls));
    await commit(batchOf('t.broadcast', 0, calls));
    await commit(batchOf('t.venue', 0, calls));
    expect(calls.map((call) => (call === 'if-due' ? call : call.topics[0]?.topic))).toEqual([
      't.venue',
      't.venue',
      't.broadcast',
      'if-due',
    ]);
  });

  it('commits the first batch again when that commit failed', async () => {
    const commit = ownGroupCommitter();
    const calls: (OffsetsByTopicPartition | 'if-due')[] = [];
    const failing = batchOf('t.venue', 0, calls);
    await expect(
      commit({ ...failing, commitOffsetsIfNecessary: () => Promise.reject(new Error('coordinator moved')) }),
    ).rejects.toThrow('coordinator moved');
    await commit(batchOf('t.venue', 0, calls));
    expect(calls).toEqual([{ topics: [{ topic: 't.venue', partitions: [{ partition: 0, offset: '8' }] }] }]);
  });
});
