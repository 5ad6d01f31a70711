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

  function feedsProcess(partition: number): FeedsChild {
    const { child, lines } = spawnTsChild(
      join(__dirname, 'testing', 'partition-feeds-child.ts'),
      [logDir, String(partition), String(PARTITIONS)],
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
});
