import { seededPrng } from '@tablecast/cards';
import { comparePositions, parsePosition } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { ClientCommand } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../auth/roles';
import type { AppEventStore } from '../event-store/event-store.module';
import { openEmbeddedEventStore } from '../event-store/open-event-store';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer } from '../testing/test-server';
import { toClientCommand } from '@tablecast/bots';
import { readModelGame } from '@tablecast/games';
import { MatchProjection, ProjectionDb } from '@tablecast/projections';
import { FLUSH_INTERVAL_MS, ProjectionRunner } from './projection-runner.service';

const operator: Principal = { role: 'operator', table: '*', actorId: 'operator:projection-test' };

/** Two matches played by the random legal bot through the real match service into `store`. */
async function playTwoMatches(store: AppEventStore, commands: number): Promise<void> {
  let tokens = 0;
  const service = new MatchCommandService(
    store,
    { now: () => Date.UTC(2026, 4, 2, 9) },
    { token: (length) => String((tokens += 1)).padStart(length, '0') },
  );
  for (const id of ['mp_a', 'mp_b']) {
    await service.create(newMatchRequest(id), operator);
    const prng = seededPrng(`projection-${id}`);
    for (let sent = 0; sent < commands; sent += 1) {
      const match = await service.get(id);
      const bot = randomLegalCommand(match.state, prng);
      const command: ClientCommand =
        bot === null ? { type: 'DealCards', seed: `${id}-deal-${String(sent)}` } : toClientCommand(bot);
      await service.execute(
        id,
        { revision: match.revision, idempotencyKey: `${id}-key-${String(sent)}`, command },
        operator,
      );
    }
  }
}

describe('match projection: reads between flushes (real SQLite)', () => {
  let dataDir: string;
  let store: AppEventStore;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tablecast-projection-'));
    store = openEmbeddedEventStore(dataDir);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('events applied but not yet flushed are in the timeline and the match list; after the flush SQLite holds the same', async () => {
    await playTwoMatches(store, 40);
    const events = [];
    for await (const event of store.readAll()) events.push(event);
    const db = new ProjectionDb(join(dataDir, 'projections'));
    try {
      const live = new MatchProjection(db, readModelGame);
      const half = Math.floor(events.length / 2);
      for (const event of events.slice(0, half)) live.apply(event);
      live.flush();
      for (const event of events.slice(half)) live.apply(event);
      expect(live.pending).toBe(events.length - half);

      const streamA = await store.readStream(matchStream('mp_a'));
      const timelineA = live.readTimeline('mp_a');
      expect(timelineA.map((e) => [e.revision, e.type, e.data])).toEqual(
        streamA.map((e) => [e.revision, e.type, e.data]),
      );
      // A page that starts in the stored rows and ends in those not yet written.
      const storedB = db.db
        .prepare<[], { n: number }>("SELECT count(*) AS n FROM match_timeline WHERE match_id = 'mp_b'")
        .get();
      const from = Math.max(0, (storedB?.n ?? 0) - 3);
      expect(live.readTimeline('mp_b', from, 6).map((e) => e.revision)).toEqual(
        [0, 1, 2, 3, 4, 5].map((i) => from + i),
      );
      const listed = live.listMatches();
      expect(listed).toEqual([
        { matchId: 'mp_a', table: 't1', revision: streamA.at(-1)?.revision },
        { matchId: 'mp_b', table: 't1', revision: live.read('mp_b')?.revision },
      ]);
      // One table's matches, stored and applied alike, as the whole list has them.
      expect(live.listMatchesAt('t1')).toEqual(listed);
      expect(live.listMatchesAt('t2')).toEqual([]);

      live.flush();
      const fresh = new MatchProjection(db, readModelGame);
      expect(fresh.readTimeline('mp_a')).toEqual(timelineA);
      expect(fresh.listMatches()).toEqual(listed);
      expect(fresh.listMatchesAt('t1')).toEqual(listed);
      expect(fresh.read('mp_b')).toEqual(JSON.parse(JSON.stringify(live.read('mp_b'))));
    } finally {
      db.close();
    }
  });
});

describe('projection runner: memory first, checkpoint within the flush interval', () => {
  it('a read at the returned revision answers at once; the checkpoint reaches the command soon after', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const client = new MatchClient(server.url, TEST_TOKENS.operatorT1);
      await client.create(newMatchRequest('mp_flush'));
      const dealt = await client.send('mp_flush', 0, { type: 'DealCards', seed: 'flush' });
      expect(dealt.status).toBe(200);
      const read = await client.request<{ revision: number }>(
        'GET',
        `/api/matches/mp_flush/state?minRevision=${String(dealt.body.revision)}`,
      );
      expect(read.body.revision).toBe(dealt.body.revision);

      const runner = server.app.get(ProjectionRunner);
      const checkpointed = (): boolean => {
        const checkpoint = runner.db.meta('checkpoint');
        return (
          checkpoint !== undefined &&
          comparePositions(parsePosition(checkpoint), parsePosition(dealt.body.position)) >= 0
        );
      };
      const deadline = Date.now() + 50 * FLUSH_INTERVAL_MS;
      while (!checkpointed() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS / 2));
      }
      expect(checkpointed()).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
