import { exited, spawnTsChild } from '@tablecast/event-store/testing';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisclosureStore } from '../broadcast/disclosure-store';
import { MatchCommandService } from '../matches/match-command.service';
import { playBotCommands } from '../testing/bot-commands';
import { newMatchRequest } from '../testing/match-client';
import { startTestServer, type TestServer } from '../testing/test-server';
import { partitionOf } from './feed-partitions';

const PARTITIONS = 2;

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A feeds process holding one partition's lease (testing/partition-feeds-child.ts): what it said, line by line. */
interface FeedsChild {
  readonly child: ChildProcess;
  readonly said: string[];
  /** The frames it published: `matchId audience seq`. */
  readonly sent: () => { matchId: string; audience: string; seq: number }[];
  readonly stop: () => Promise<void>;
}

/**
 * Two feeds processes on one log, each holding one partition's lease and following only that
 * partition's matches (TC-SCALE-1). Real processes: two ledger connections in one process would
 * wait on each other's write lock.
 */
describe('TC-SCALE-1: feeds processes each following the matches of their own partition', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-partitioned-log-'));
  let writer: TestServer;
  const children: FeedsChild[] = [];

  function feedsProcess(partition: number, ttlMs = 60_000): FeedsChild {
    const { child, lines } = spawnTsChild(
      join(__dirname, 'testing', 'partition-feeds-child.ts'),
      [logDir, String(partition), String(PARTITIONS), String(ttlMs)],
      __dirname,
      'pipe',
    );
    const said: string[] = [];
    void (async () => {
      for await (const line of lines) said.push(line);
    })();
    const feeds: FeedsChild = {
      child,
      said,
      sent: () =>
        said
          .filter((line) => line.startsWith('sent '))
          .map((line) => {
            const [, matchId = '', audience = '', seq = '0'] = line.split(' ');
            return { matchId, audience, seq: Number(seq) };
          }),
      stop: async () => {
        child.stdin?.write('stop\n');
        child.stdin?.end();
        await exited(child);
      },
    };
    children.push(feeds);
    return feeds;
  }

  const started = async (feeds: FeedsChild): Promise<string | undefined> => {
    const outcome = (): string | undefined =>
      feeds.said.find((line) => /^(started|refused|failed)/.test(line));
    await until(() => outcome() !== undefined, 'a feeds process started', 60_000);
    return outcome();
  };

  beforeAll(async () => {
    writer = await startTestServer({ TABLECAST_LOG_DIR: logDir });
  });
  afterAll(async () => {
    for (const { child } of children) child.kill('SIGKILL');
    await writer.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('each match is replayed, followed and published by exactly the process holding its partition, its venue seqs one run with no gap', async () => {
    const commands = writer.app.get(MatchCommandService);
    const matchIds = ['part_1', 'part_2', 'part_3', 'part_4', 'part_5', 'part_6'];
    const byPartition = [0, 1].map((partition) =>
      matchIds.filter((matchId) => partitionOf(matchId, PARTITIONS) === partition),
    );
    // Both partitions have matches: otherwise this test could not tell the processes apart.
    expect(byPartition.map((ids) => ids.length > 0)).toEqual([true, true]);
    // Half the matches are created and played before the processes start (they replay them), half
    // after (they follow them from their creation).
    for (const matchId of matchIds.slice(0, 3))
      await commands.create(newMatchRequest(matchId), BOT_PRINCIPAL);
    for (const matchId of matchIds.slice(0, 3))
      await playBotCommands(commands, matchId, { seed: matchId, count: 4, from: 0 });

    const processes = [feedsProcess(0), feedsProcess(1)];
    for (const { said } of processes)
      await until(
        () => said.some((line) => /^(started|refused|failed)/.test(line)),
        'a feeds process started',
        60_000,
      );
    for (const { said } of processes)
      expect(said.find((line) => /^(started|refused|failed)/.test(line))).toMatch(/^started token 1$/);

    for (const matchId of matchIds.slice(3)) await commands.create(newMatchRequest(matchId), BOT_PRINCIPAL);
    for (const matchId of matchIds.slice(3))
      await playBotCommands(commands, matchId, { seed: matchId, count: 4, from: 0 });
    for (const matchId of matchIds.slice(0, 3))
      await playBotCommands(commands, matchId, { seed: matchId, count: 2, from: 4 });

    const ledger = new DisclosureStore(logDir);
    try {
      for (const matchId of matchIds) {
        const last = (await commands.get(matchId)).revision;
        await until(
          () => ledger.list(matchId, 'venue').some((entry) => entry.revision === last),
          `the venue frame of ${matchId}'s last command`,
        );
      }
      const venue = (matchId: string) =>
        processes.flatMap((p) => p.sent()).filter((m) => m.matchId === matchId && m.audience === 'venue');
      await until(
        () => matchIds.every((matchId) => venue(matchId).length === ledger.list(matchId, 'venue').length),
        'every venue frame sent',
      );

      // What each process sent is only its own partition's, and between them every match went out.
      for (const [partition, { sent }] of processes.entries())
        expect(new Set(sent().map((m) => m.matchId))).toEqual(new Set(byPartition[partition]));
      for (const matchId of matchIds) {
        const seqs = venue(matchId).map((m) => m.seq);
        expect(seqs.length).toBeGreaterThan(1);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      }
      for (const feeds of processes) await feeds.stop();
      for (const { said } of processes)
        expect(said.filter((line) => /^(fenced|failed)/.test(line))).toEqual([]);
    } finally {
      ledger.close();
    }
  });

  it('a new holder of one partition goes on from the ledger with no gap and no repeat; the former one is fenced; the other partition never stops', async () => {
    const commands = writer.app.get(MatchCommandService);
    const matchIds = ['take_1', 'take_2', 'take_3', 'take_4'];
    const moved = matchIds.filter((matchId) => partitionOf(matchId, PARTITIONS) === 1);
    const kept = matchIds.filter((matchId) => partitionOf(matchId, PARTITIONS) === 0);
    expect([moved.length > 0, kept.length > 0]).toEqual([true, true]);
    const ledger = new DisclosureStore(logDir);
    const leases = ledger.leaseStore();
    // The partitions of the first test are released by its processes' clean stop.
    const steady = feedsProcess(0);
    // The holder of partition 1 never renews: a process paused past its short lease.
    const paused = feedsProcess(1, 2_500);
    try {
      expect(await started(steady)).toMatch(/^started token \d+$/);
      const pausedStart = await started(paused);
      expect(pausedStart).toMatch(/^started token \d+$/);
      const firstToken = Number(pausedStart?.split(' ').at(-1));
      const venueOf = (feeds: FeedsChild, matchId: string): number[] =>
        feeds
          .sent()
          .filter((m) => m.matchId === matchId && m.audience === 'venue')
          .map((m) => m.seq);
      const allSent = async (holders: FeedsChild[]): Promise<void> => {
        for (const matchId of matchIds) {
          const last = (await commands.get(matchId)).revision;
          await until(
            () => ledger.list(matchId, 'venue').some((entry) => entry.revision === last),
            `the venue frame of ${matchId}'s last command`,
          );
        }
        await until(
          () =>
            matchIds.every(
              (matchId) =>
                holders.flatMap((feeds) => venueOf(feeds, matchId)).length ===
                ledger.list(matchId, 'venue').length,
            ),
          'every venue frame sent',
        );
      };

      for (const matchId of matchIds) await commands.create(newMatchRequest(matchId), BOT_PRINCIPAL);
      for (const matchId of matchIds)
        await playBotCommands(commands, matchId, { seed: matchId, count: 4, from: 0 });
      await allSent([steady, paused]);

      // Its lease runs out; another process takes partition 1 under the next token.
      await until(
        () => !leases.liveLeases('feed-lease/').some((lease) => lease.name === 'feed-lease/1'),
        "the paused holder's lease to run out",
        10_000,
      );
      const next = feedsProcess(1);
      expect(await started(next)).toBe(`started token ${String(firstToken + 1)}`);
      for (const matchId of matchIds)
        await playBotCommands(commands, matchId, { seed: matchId, count: 3, from: 4 });
      await allSent([steady, paused, next]);

      // The former holder's first write after its lease ran out was refused, and it sent nothing more.
      await until(() => paused.said.some((line) => line.startsWith('fenced ')), 'the paused holder fenced');
      expect(paused.said.find((line) => line.startsWith('fenced '))).toMatch(
        /TC-SCALE-1: lease feed-lease\/1 token/,
      );
      for (const matchId of moved) {
        const before = venueOf(paused, matchId);
        const after = venueOf(next, matchId);
        expect(after.length).toBeGreaterThan(0);
        // One run across the takeover: the new holder starts right after the old one's last seq.
        expect([...before, ...after]).toEqual(
          Array.from({ length: before.length + after.length }, (_, i) => i + 1),
        );
      }
      for (const matchId of kept) {
        const seqs = venueOf(steady, matchId);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
        expect(venueOf(next, matchId)).toEqual([]);
      }
      expect(steady.said.filter((line) => /^(fenced|failed)/.test(line))).toEqual([]);
      for (const feeds of [steady, next]) await feeds.stop();
    } finally {
      paused.child.kill('SIGKILL');
      ledger.close();
    }
  });
});
