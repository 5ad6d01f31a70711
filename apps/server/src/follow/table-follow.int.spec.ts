import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MatchCommandService } from '../matches/match-command.service';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TableFollow } from './table-follow.service';

const referee = { role: 'referee' as const, table: null, actorId: 'referee' };

function guandanMatch(matchId: string, table: string) {
  return {
    matchId,
    table,
    ruleset: 'cga2017',
    format: { kind: 'fixedDeals' as const, deals: 1 },
    teams: { NS: { id: `${matchId}-ns`, name: 'NS' }, EW: { id: `${matchId}-ew`, name: 'EW' } },
    players: [
      { id: `${matchId}-s`, name: 'S', seat: 'S' as const },
      { id: `${matchId}-e`, name: 'E', seat: 'E' as const },
      { id: `${matchId}-n`, name: 'N', seat: 'N' as const },
      { id: `${matchId}-w`, name: 'W', seat: 'W' as const },
    ],
  };
}

describe('TableFollow.tableOf (real server, real read models)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('names the table a match is now at, as tablesNow() lists it, and none for a match replaced there or unknown', async () => {
    const matches = server.app.get(MatchCommandService);
    const follow = server.app.get(TableFollow);
    await matches.create(guandanMatch('TF_A', 't7'), referee);
    await matches.create(guandanMatch('TF_C', 't8'), referee);
    await vi.waitFor(() => {
      expect(follow.tablesNow().get('t7')).toBe('TF_A');
    });
    expect(follow.tableOf('TF_A')).toBe('t7');

    // A later match at table 7 replaces TF_A there.
    await matches.create(guandanMatch('TF_B', 't7'), referee);
    await vi.waitFor(() => {
      expect(follow.tablesNow().get('t7')).toBe('TF_B');
    });
    expect(follow.tableOf('TF_B')).toBe('t7');
    expect(follow.tableOf('TF_A')).toBeNull();
    expect(follow.tableOf('TF_C')).toBe('t8');
    expect(follow.tableOf('NO_SUCH_MATCH')).toBeNull();

    // The same answer as looking the match up in the list of every table.
    const now = follow.tablesNow();
    for (const matchId of ['TF_A', 'TF_B', 'TF_C', 'NO_SUCH_MATCH']) {
      const listed = [...now].find(([, id]) => id === matchId)?.[0] ?? null;
      expect(follow.tableOf(matchId)).toBe(listed);
    }
  });
});
