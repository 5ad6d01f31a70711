import { seededPrng } from '@tablecast/cards';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { MatchNames } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbeddedEventStore } from '../event-store/open-event-store';
import { MatchClient, newMatchRequest, toClientCommand } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer } from '../testing/test-server';
import {
  MatchProjection,
  type TimelineEntry,
  ProjectionDb,
  rebuildProjections,
} from '@tablecast/projections';
import { readModelGame, type GuandanReadModel, type Scoreboard } from '@tablecast/games';

async function playCommands(
  client: MatchClient,
  matchId: string,
  seed: string,
  max: number,
): Promise<number> {
  const prng = seededPrng(seed);
  for (let sent = 0; sent < max; sent += 1) {
    const { body } = await client.state(matchId);
    const next = randomLegalCommand(body.state, prng);
    if (next === null) return sent;
    expect((await client.send(matchId, body.revision, toClientCommand(next))).status).toBe(200);
  }
  return max;
}

type StateAnswer = Pick<GuandanReadModel, 'revision' | 'table' | 'state' | 'pendingCorrection'> & {
  readonly names: MatchNames | null;
};

/**
 * Rebuilds the read models from the log in `dataDir` into a fresh projections file; answers as the
 * client reads a match (the staff view's base, with the state it folds from the timeline).
 */
async function rebuiltModel(dataDir: string, matchId: string): Promise<StateAnswer | undefined> {
  const scratch = mkdtempSync(join(tmpdir(), 'tablecast-rebuild-'));
  const store = openEmbeddedEventStore(dataDir);
  const db = new ProjectionDb(scratch);
  try {
    await rebuildProjections(store, db, readModelGame);
    const projection = new MatchProjection(db, readModelGame);
    const model = projection.read(matchId);
    if (!model) return undefined;
    const { revision, table, state, pendingCorrection } = model as GuandanReadModel;
    return { revision, table, state, pendingCorrection, names: projection.readNames(matchId) };
  } finally {
    db.close();
    await store.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('projections (catch-up subscription with checkpoint, real SQLite)', () => {
  it('the live read model equals a full rebuild from position 0, and the timeline lists every event', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const client = new MatchClient(server.url, TEST_TOKENS.operatorT1);
      await client.create(newMatchRequest('p_live'));
      const dealt = await client.send('p_live', 0, { type: 'DealCards', seed: 'projection' });
      expect(dealt.status).toBe(200);
      await playCommands(client, 'p_live', 'bot-p', 500);

      const live = (await client.state('p_live')).body as unknown as StateAnswer;
      expect(live.names?.players.N).toBe('王芳');
      expect(await rebuiltModel(server.dataDir, 'p_live')).toEqual(live);

      const scoreboard = (
        await client.request<Scoreboard>(
          'GET',
          `/api/matches/p_live/scoreboard?minRevision=${String(live.revision)}`,
        )
      ).body;
      expect(scoreboard.teams.NS.name).toBe('江苏队');
      expect(scoreboard.hands).toHaveLength(1);
      expect(scoreboard.hands[0]?.levelsAfter).toEqual(live.state.levels);

      const timeline = (await client.request<TimelineEntry[]>('GET', '/api/matches/p_live/timeline')).body;
      expect(timeline.map((e) => e.revision)).toEqual([...Array(live.revision + 1).keys()]);
      expect(timeline[0]).toMatchObject({
        type: 'MatchCreated',
        actor: { id: 'operator:t1', role: 'operator' },
      });
    } finally {
      await server.stop();
    }
  });

  it('after a restart the runner continues from its checkpoint and still equals a rebuild', async () => {
    const first = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const dataDir = first.dataDir;
    const client = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    await client.create(newMatchRequest('p_restart'));
    await client.send('p_restart', 0, { type: 'DealCards', seed: 'restart-1' });
    await playCommands(client, 'p_restart', 'bot-r1', 20);
    const beforeRestart = (await client.state('p_restart')).body.revision;
    await first.app.close();

    const checkpointDb = new ProjectionDb(dataDir);
    const checkpoint = checkpointDb.meta('checkpoint');
    checkpointDb.close();
    expect(Number(checkpoint)).toBeGreaterThan(0);

    const second = await restartTestServer(first, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const again = new MatchClient(second.url, TEST_TOKENS.operatorT1);
      const resumed = (await again.state('p_restart')).body;
      expect(resumed.revision).toBe(beforeRestart);
      await playCommands(again, 'p_restart', 'bot-r2', 500);
      const live = (await again.state('p_restart')).body as unknown as StateAnswer;
      expect(live.revision).toBeGreaterThan(beforeRestart);
      expect(await rebuiltModel(dataDir, 'p_restart')).toEqual(live);
    } finally {
      await second.stop();
    }
  });

  it('a read model asked for with minRevision ahead of the log answers 404 only for unknown matches', async () => {
    const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const client = new MatchClient(server.url, TEST_TOKENS.referee);
      expect((await client.request('GET', '/api/matches/nope/state')).status).toBe(404);
      expect((await client.request('GET', '/api/matches/nope/timeline')).status).toBe(404);
      expect((await new MatchClient(server.url, undefined).request('GET', '/api/matches')).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
