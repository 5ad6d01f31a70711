import { STAFF } from '@tablecast/game-kit';
import { doudizhuModule, type DoudizhuView } from '@tablecast/doudizhu';
import { guandanModule, type GuandanView } from '@tablecast/games/testing';
import { readModelGame } from '@tablecast/games';
import { MatchProjection, ProjectionDb, rebuildProjections } from '@tablecast/projections';
import type { CommandAccepted, GameMatchView } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedEventStore } from '../event-store/open-event-store';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient, newMatchRequest, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * `GET /api/matches/:id/view`: the staff's view of a match of any game, the module's own
 * `view(state, staff)` in the protocol's envelope, never the engine's state.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function started(): Promise<TestServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  servers.push(server);
  return server;
}

let key = 0;
async function ddzCommand(
  client: MatchClient,
  matchId: string,
  revision: number,
  command: object,
): Promise<number> {
  key += 1;
  const answer = await client.request<CommandAccepted>('POST', `/api/matches/${matchId}/commands`, {
    game: 'doudizhu',
    revision,
    idempotencyKey: `view-key-${String(key).padStart(4, '0')}`,
    command,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.revision;
}

function viewOf<D extends { readonly game: string }>(
  client: MatchClient,
  matchId: string,
  minRevision: number,
): Promise<{ status: number; body: GameMatchView<D> }> {
  return client.request('GET', `/api/matches/${matchId}/view?minRevision=${String(minRevision)}`);
}

describe('GET /api/matches/:id/view (real server, real SQLite)', () => {
  it('answers a Dou Dizhu match with its module’s staff view in the common envelope', async () => {
    const server = await started();
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    const created = await operator.request<CommandAccepted>(
      'POST',
      '/api/matches',
      newDoudizhuMatchRequest('ddz_view', 't1'),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let revision = await ddzCommand(operator, 'ddz_view', 0, {
      type: 'DealBoard',
      board: 1,
      seed: 'ddz-view-1',
    });
    revision = await ddzCommand(operator, 'ddz_view', revision, { type: 'Bid', seat: 0, bid: 1 });

    const { status, body } = await viewOf<DoudizhuView>(operator, 'ddz_view', revision);
    expect(status, JSON.stringify(body)).toBe(200);
    const match = await server.app.get(MatchCommandService).read('ddz_view');
    expect(body).toEqual({
      game: 'doudizhu',
      matchId: 'ddz_view',
      table: 't1',
      revision,
      seats: ['0', '1', '2'],
      players: [
        { seat: '0', id: 'p0', name: '赵一' },
        { seat: '1', id: 'p1', name: '钱二' },
        { seat: '2', id: 'p2', name: '孙三' },
      ],
      pendingCorrection: null,
      names: null,
      detail: JSON.parse(JSON.stringify(doudizhuModule.view(match.state as never, STAFF))) as unknown,
    });
    // Staff see every hand (17 cards each after the deal), and the bid just made.
    expect(body.detail.seats.map((seat) => seat.hand?.length)).toEqual([17, 17, 17]);
    expect(body.detail.board?.bids).toEqual([{ seat: 0, bid: 1 }]);

    // An operator of another table may not read it; an unknown match is a 404.
    const otherTable = new MatchClient(server.url, TEST_TOKENS.operatorT2);
    expect((await viewOf(otherTable, 'ddz_view', -1)).status).toBe(403);
    expect((await viewOf(operator, 'nope', -1)).status).toBe(404);
  });

  it('answers a Guandan match with the module’s staff view of the read model, not its MatchState', async () => {
    const server = await started();
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    await operator.create(newMatchRequest('gd_view'));
    const dealt = await operator.send('gd_view', 0, { type: 'DealCards', seed: 'gd-view' });
    expect(dealt.status).toBe(200);

    const { status, body } = await viewOf<GuandanView>(operator, 'gd_view', dealt.body.revision);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('state');
    expect(body.game).toBe('guandan');
    expect(body.seats).toEqual(['S', 'E', 'N', 'W']);
    expect(body.names?.players.N).toBe('王芳');
    expect(body.detail.seats.S.hand).toHaveLength(27);
    expect(body.detail.ruleset.name).toBe('cga2017');

    // The same view a rebuild of the read models from the log gives.
    const scratch = mkdtempSync(join(tmpdir(), 'tablecast-view-'));
    const store = openEmbeddedEventStore(server.dataDir);
    const db = new ProjectionDb(scratch);
    try {
      await rebuildProjections(store, db, readModelGame);
      const model = new MatchProjection(db, readModelGame).read('gd_view');
      if (model === undefined) throw new Error('the rebuild has no read model of gd_view');
      expect(model.revision).toBe(body.revision);
      expect(body.detail).toEqual(
        JSON.parse(
          JSON.stringify(guandanModule.view(model.state as Parameters<typeof guandanModule.view>[0], STAFF)),
        ),
      );
    } finally {
      db.close();
      await store.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
