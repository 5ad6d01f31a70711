import { Logger } from '@nestjs/common';
import { createInProcessBus, type BusMessage } from '@tablecast/bus';
import { openTablecastEventStore } from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { describe, expect, it } from 'vitest';
import { DisclosureStore } from '../broadcast/disclosure-store';
import { feedsRoleProducer } from '../broadcast/feeds-role-producer';
import { loadConfig } from '../config';
import { MatchCommandService } from '../matches/match-command.service';
import { playBotCommands } from '../testing/bot-commands';
import { newMatchRequest } from '../testing/match-client';
import { sharedLogWriter } from './testing/shared-log-writer';
import { FeedPartitionKeeper } from './feed-partition-keeper';
import { partitionOf } from './feed-partitions';
import { PartitionedFeeds } from './partitioned-feeds';

const TTL_MS = 60_000;
const PARTITIONS = 2;

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One feeds process holding both partitions, its keeper's beats and lease clock driven by the
 * test: losing one partition's lease stops that partition's feeds only (TC-SCALE-1).
 */
describe('TC-SCALE-1: the feeds of the partitions one process holds', () => {
  const shared = sharedLogWriter('tablecast-partition-loss-');
  const { logDir, opened } = shared;
  const leaseTime = 1_000;
  const leaseNow = (): number => leaseTime;

  it('a partition whose lease was taken over stops alone: its matches get nothing more, the other goes on with no gap, in the same process', async () => {
    const commands = shared.writer.app.get(MatchCommandService);
    const matchIds = ['lose_1', 'lose_2', 'lose_3', 'lose_4'];
    const kept = matchIds.filter((matchId) => partitionOf(matchId, PARTITIONS) === 0);
    const taken = matchIds.filter((matchId) => partitionOf(matchId, PARTITIONS) === 1);
    expect([kept.length > 0, taken.length > 0]).toEqual([true, true]);
    for (const matchId of matchIds) await commands.create(newMatchRequest(matchId), BOT_PRINCIPAL);

    const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
    const disclosures = new DisclosureStore(logDir);
    opened.push(store, disclosures);
    const leases = disclosures.leaseStore(leaseNow);
    const bus = createInProcessBus();
    const received: BusMessage[] = [];
    await bus.subscribe((message) => {
      received.push(message);
    });
    const config = loadConfig({ TABLECAST_DATA_DIR: logDir });
    const feeds = new PartitionedFeeds(
      PARTITIONS,
      leases,
      () => feedsRoleProducer(config, store, bus, disclosures),
      new Logger('partitioned feeds'),
    );
    const keeper = new FeedPartitionKeeper(leases, feeds, {
      partitions: PARTITIONS,
      ttlMs: TTL_MS,
      owner: 'feeds-a',
      logger: new Logger('feeds-a'),
    });
    feeds.onFenced((partition, error) => {
      keeper.lose(partition, error.message);
    });
    await keeper.beat();
    expect(keeper.heldPartitions()).toEqual([0, 1]);
    await until(() => keeper.readiness().detail?.includes('catching up') === false, 'the catch-up');

    const venue = (matchId: string): BusMessage[] =>
      received.filter((m) => m.matchId === matchId && m.audience === 'venue');
    const allSent = async (ids: readonly string[]): Promise<void> => {
      for (const matchId of ids) {
        const last = (await commands.get(matchId)).revision;
        await until(
          () => disclosures.list(matchId, 'venue').some((entry) => entry.revision === last),
          `the venue frame of ${matchId}'s last command`,
        );
        await until(
          () => new Set(venue(matchId).map((m) => m.seq)).size === disclosures.list(matchId, 'venue').length,
          `every venue frame of ${matchId} sent`,
        );
      }
    };
    for (const matchId of matchIds)
      await playBotCommands(commands, matchId, { seed: matchId, count: 4, from: 0 });
    await allSent(matchIds);

    // Another process, its clock past partition 1's lease, takes that partition under the next token.
    const other = new DisclosureStore(logDir);
    opened.push(other);
    expect(
      await other.leaseStore(() => leaseTime + TTL_MS).acquire('feed-lease/1', 'feeds-b', TTL_MS),
    ).toMatchObject({
      acquired: true,
      lease: { token: 2 },
    });
    const takenBefore = taken.map((matchId) => venue(matchId).length);
    for (const matchId of matchIds)
      await playBotCommands(commands, matchId, { seed: matchId, count: 3, from: 4 });
    await until(() => keeper.heldPartitions().join() === '0', 'partition 1 lost');
    expect(keeper.readiness()).toMatchObject({ ok: true });
    expect(keeper.readiness().detail).toMatch(
      /^holding feed-lease\/0 token 1.*; last lost feed-lease\/1: TC-SCALE-1/,
    );
    await allSent(kept);

    // Partition 0 went on: one run of seqs, a frame sent twice only as the same bytes (sent again
    // by the producer that took over within the process).
    for (const matchId of kept) {
      const messages = venue(matchId);
      const seqs = [...new Set(messages.map((m) => m.seq))];
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      const bytes = new Map<number, string>();
      for (const m of messages) {
        const payload = Buffer.from(m.payload).toString('utf8');
        expect(bytes.get(m.seq) ?? payload).toBe(payload);
        bytes.set(m.seq, payload);
      }
    }
    // Partition 1's matches got nothing after the takeover.
    expect(taken.map((matchId) => venue(matchId).length)).toEqual(takenBefore);
    await keeper.close();
    await feeds.close();
    await bus.close();
  });
});
