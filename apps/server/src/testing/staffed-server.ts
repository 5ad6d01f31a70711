import { afterAll, beforeAll } from 'vitest';
import { MatchClient } from './match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from './staff-tokens';
import { startTestServer, type TestServer } from './test-server';

/** A test server that knows TEST_TOKENS, with HTTP clients for table t1's operator and the referee. */
export interface StaffedServer {
  readonly server: TestServer;
  readonly operator: MatchClient;
  readonly referee: MatchClient;
}

/** Boots the real app with TEST_TOKENS and the two staff clients match specs act as. */
async function startStaffedServer(): Promise<StaffedServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  return {
    server,
    operator: new MatchClient(server.url, TEST_TOKENS.operatorT1),
    referee: new MatchClient(server.url, TEST_TOKENS.referee),
  };
}

/**
 * A staffed server for the enclosing describe: booted in its beforeAll, stopped in its afterAll.
 * Read its fields inside the tests (they throw before beforeAll has run).
 */
export function staffedServerForSuite(): StaffedServer {
  let staffed: StaffedServer | undefined;
  const started = (): StaffedServer => {
    if (staffed === undefined)
      throw new Error('the suite’s server starts in beforeAll: use it inside a test');
    return staffed;
  };
  beforeAll(async () => {
    staffed = await startStaffedServer();
  });
  afterAll(async () => {
    await staffed?.server.stop();
  });
  return {
    get server() {
      return started().server;
    },
    get operator() {
      return started().operator;
    },
    get referee() {
      return started().referee;
    },
  };
}
