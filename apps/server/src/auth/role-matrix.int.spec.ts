import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchClient, newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

type Caller = 'anonymous' | 'operatorT1' | 'operatorT2' | 'referee' | 'arbiter' | 'producer';
const CALLERS: readonly Caller[] = [
  'anonymous',
  'operatorT1',
  'operatorT2',
  'referee',
  'arbiter',
  'producer',
];

interface Endpoint {
  readonly name: string;
  /** Sends the request; the body is built fresh per call so no call depends on another. */
  call(client: MatchClient, unique: string): Promise<number>;
  /** The status each caller must get. */
  readonly expected: Readonly<Record<Caller, number>>;
}

const staffRead = {
  anonymous: 401,
  operatorT1: 200,
  operatorT2: 200,
  referee: 200,
  arbiter: 200,
  producer: 200,
};
// Operators see the hands of their own table only.
const tableRead = { ...staffRead, operatorT2: 403 };
/** Arbitration routes: 200 for the named roles, 403 for every other staff role. */
function committee(...allowed: Caller[]): Readonly<Record<Caller, number>> {
  return Object.fromEntries(
    CALLERS.map((caller) => [caller, caller === 'anonymous' ? 401 : allowed.includes(caller) ? 200 : 403]),
  ) as Record<Caller, number>;
}

/**
 * Every role against every endpoint, on a match at table t1. 2xx/4xx only where the role may or
 * may not act; a permitted command that the rules refuse would show as 422, so the commands chosen
 * here are legal at that moment on a fresh match (dealing; a late arrival, GD-VAR-003-14).
 */
const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'POST /api/matches (table t1)',
    call: async (client, unique) =>
      (await client.create(newMatchRequest(`rm_create_${unique}`, 't1'))).status,
    expected: { anonymous: 401, operatorT1: 201, operatorT2: 403, referee: 201, arbiter: 403, producer: 403 },
  },
  {
    name: 'POST commands: DealCards (a table command)',
    call: async (client, unique) => (await client.send(`rm_${unique}`, 0, { type: 'DealCards' })).status,
    expected: { anonymous: 401, operatorT1: 200, operatorT2: 403, referee: 200, arbiter: 403, producer: 403 },
  },
  {
    name: 'POST commands: RecordLateArrival (a referee command)',
    call: async (client, unique) =>
      (await client.send(`rm_${unique}`, 0, { type: 'RecordLateArrival', team: 'NS', minutes: 3 })).status,
    expected: { anonymous: 401, operatorT1: 403, operatorT2: 403, referee: 200, arbiter: 403, producer: 403 },
  },
  {
    name: 'GET /api/matches',
    call: async (client) => (await client.request('GET', '/api/matches')).status,
    expected: staffRead,
  },
  {
    name: 'GET /api/matches/:id/state',
    call: async (client, unique) =>
      (await client.request('GET', `/api/matches/rm_${unique}/state?minRevision=0`)).status,
    expected: tableRead,
  },
  {
    name: 'GET /api/matches/:id/scoreboard',
    call: async (client, unique) =>
      (await client.request('GET', `/api/matches/rm_${unique}/scoreboard?minRevision=0`)).status,
    expected: tableRead,
  },
  {
    name: 'GET /api/matches/:id/timeline',
    call: async (client, unique) =>
      (await client.request('GET', `/api/matches/rm_${unique}/timeline`)).status,
    expected: tableRead,
  },
  // Arbitration (docs/arbitration.md): the replay shows every hand, to arbiters only.
  {
    name: 'GET /api/matches/:id/replay',
    call: async (client, unique) => (await client.request('GET', `/api/matches/rm_${unique}/replay`)).status,
    expected: committee('arbiter'),
  },
  {
    name: 'GET /api/matches/:id/appeals',
    call: async (client, unique) => (await client.request('GET', `/api/matches/rm_${unique}/appeals`)).status,
    expected: committee('referee', 'arbiter'),
  },
  {
    name: 'GET /api/matches/:id/export',
    call: async (client, unique) => (await client.request('GET', `/api/matches/rm_${unique}/export`)).status,
    expected: committee('referee', 'arbiter'),
  },
  {
    name: 'POST /api/matches/:id/players-left',
    call: async (client, unique) =>
      (await client.request('POST', `/api/matches/rm_${unique}/players-left`, {})).status,
    expected: committee('referee', 'arbiter'),
  },
  {
    name: 'GET /api/whoami',
    call: async (client) => (await client.request('GET', '/api/whoami')).status,
    expected: staffRead,
  },
  {
    name: 'GET /healthz (public)',
    call: async (client) => (await client.request('GET', '/healthz')).status,
    expected: { anonymous: 200, operatorT1: 200, operatorT2: 200, referee: 200, arbiter: 200, producer: 200 },
  },
];

describe('role x endpoint matrix', () => {
  let server: TestServer;
  const clients = {} as Record<Caller, MatchClient>;

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    for (const caller of CALLERS) {
      clients[caller] = new MatchClient(server.url, caller === 'anonymous' ? undefined : TEST_TOKENS[caller]);
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  const cases = ENDPOINTS.flatMap((endpoint) => CALLERS.map((caller) => ({ endpoint, caller })));
  it.each(cases.map((c) => [c.endpoint.name, c.caller, c.endpoint.expected[c.caller], c] as const))(
    '%s as %s answers %i',
    async (_name, caller, expected, { endpoint }) => {
      // Each case gets its own fresh match at table t1.
      const unique = `${String(ENDPOINTS.indexOf(endpoint))}_${caller}`;
      const setup = await clients.referee.create({
        ...newMatchRequest(`rm_${unique}`, 't1'),
        ruleset: 'cesa2023',
      });
      expect(setup.status).toBe(201);
      expect(await endpoint.call(clients[caller], unique)).toBe(expected);
    },
  );
});
