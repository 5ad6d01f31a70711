import { afterAll, beforeAll } from 'vitest';
import type { AppEventStore } from '../event-store/event-store.module';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient } from './match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from './staff-tokens';
import { startTestServer, type TestServer } from './test-server';

/**
 * A test server that knows TEST_TOKENS, with HTTP clients for table t1's operator and the referee,
 * and its event store and match service for specs that act inside the app.
 */
export interface StaffedServer {
  readonly server: TestServer;
  readonly operator: MatchClient;
  readonly referee: MatchClient;
  readonly store: AppEventStore;
  readonly matches: MatchCommandService;
}

/** Boots the real app with TEST_TOKENS (and `env`) and the staff clients and services specs act as. */
async function startStaffedServer(env: Record<string, string>): Promise<StaffedServer> {
  const server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC, ...env });
  return {
    server,
    operator: new MatchClient(server.url, TEST_TOKENS.operatorT1),
    referee: new MatchClient(server.url, TEST_TOKENS.referee),
    store: server.app.get<AppEventStore>(EVENT_STORE),
    matches: server.app.get(MatchCommandService),
  };
}

/**
 * A staffed server for the enclosing describe (`env` overrides variables): booted in its beforeAll,
 * stopped in its afterAll. Read its fields inside the tests (they throw before beforeAll has run).
 */
export function staffedServerForSuite(env: Record<string, string> = {}): StaffedServer {
  let staffed: StaffedServer | undefined;
  const started = (): StaffedServer => {
    if (staffed === undefined)
      throw new Error('the suite’s server starts in beforeAll: use it inside a test');
    return staffed;
  };
  beforeAll(async () => {
    staffed = await startStaffedServer(env);
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
    get store() {
      return started().store;
    },
    get matches() {
      return started().matches;
    },
  };
}
