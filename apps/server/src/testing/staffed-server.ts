import { MatchClient } from './match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from './staff-tokens';
import { startTestServer, type TestServer } from './test-server';

/** A test server that knows TEST_TOKENS, with HTTP clients for table t1's operator and the referee. */
export interface StaffedServer {
  readonly server: TestServer;
  readonly operator: MatchClient;
  readonly referee: MatchClient;
}

/** Boots the real app with TEST_TOKENS and the two staff clients match specs act as; the caller stops it. */
export async function startStaffedServer(): Promise<StaffedServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  return {
    server,
    operator: new MatchClient(server.url, TEST_TOKENS.operatorT1),
    referee: new MatchClient(server.url, TEST_TOKENS.referee),
  };
}
