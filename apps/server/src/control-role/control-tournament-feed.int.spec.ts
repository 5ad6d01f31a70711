import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';
import { apiCall } from '../tournaments/testing/api-call';
import { feedClient, frames } from '../tournaments/testing/tournament-feed-client';

const call = apiCall('/api/tournaments');

/**
 * TC-SCALE-2: an api process refuses /ws/tournament and names the control role, so a control
 * process must serve it whole: the standings from the log and each table's live status from the
 * venue frames of its own in-process feed producer.
 */
describe('the tournament feed on a control process (real server, SQLite, real websockets)', () => {
  const logDir = mkdtempSync(join(tmpdir(), 'tablecast-control-feed-'));
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('TC-SCALE-2: shows a started table live, from its own producer’s venue frames, in-process even with KAFKA_BROKERS set', async () => {
    server = await startTestServer({
      TABLECAST_ROLE: 'control',
      TABLECAST_LOG_DIR: logDir,
      TABLECAST_TOKENS: TEST_TOKENS_SPEC,
      // A deployment's shared env file: a publisher here would be a second one beside the feeds
      // role's. Nothing listens on port 1, so a Kafka bus would fail the boot.
      KAFKA_BROKERS: '127.0.0.1:1',
    });
    const id = 'ctl_feed';
    const created = await call(server, 'POST', '', {
      tournamentId: id,
      name: 'Open',
      ruleset: 'cesa2023',
      stages: [{ format: 'swiss', venue: 'onSite', rounds: 2, unit: { games: 1, bestOf: false } }],
      options: { pairingRules: '003' },
    });
    expect(created.status).toBe(201);
    const csv = 'entrant,name,unit,seed\nP1,A1/A2,A,1\nP2,B1/B2,B,2\nP3,C1/C2,C,3\nP4,D1/D2,D,4\n';
    expect((await call(server, 'POST', `/${id}/entrants`, { csv })).status).toBe(200);
    expect((await call(server, 'POST', `/${id}/rounds`, {})).status).toBe(200);
    expect((await call(server, 'POST', `/${id}/rounds/1/publish`)).status).toBe(200);
    const started = await call(server, 'POST', `/${id}/rounds/1/start`, undefined, TEST_TOKENS.referee);
    expect(started.status, JSON.stringify(started.json)).toBe(200);

    const client = await feedClient(server.url);
    client.watch(id);
    await vi.waitFor(() => {
      const pairing = frames(client.received).at(-1)?.view.rounds[0]?.pairings[0];
      expect(pairing?.matchId).toBeDefined();
      expect(pairing?.live).toMatchObject({ matchId: pairing?.matchId });
    }, 15_000);
    client.socket.close();
  });
});
