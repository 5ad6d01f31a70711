import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchClient, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * A Dou Dizhu match's commands are its module's: who may send each is what the game declares
 * (the committee's decision on an appeal is the referee's, DDZ-APL-2), and a keying correction,
 * which Dou Dizhu does not carry, is refused naming the field.
 */
const MATCH = 'ddz_roles_t1';

let server: TestServer;
let operator: MatchClient;
let referee: MatchClient;

beforeAll(async () => {
  server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
  operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
  referee = new MatchClient(server.url, TEST_TOKENS.referee);
  const created = await operator.request('POST', '/api/matches', newDoudizhuMatchRequest(MATCH, 't1'));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});

afterAll(async () => {
  await server.stop();
});

function send(client: MatchClient, key: string, command: Record<string, unknown>) {
  return client.request<{ message?: string; rule?: string }>('POST', `/api/matches/${MATCH}/commands`, {
    game: 'doudizhu',
    revision: 0,
    idempotencyKey: key,
    command,
  });
}

describe('a Dou Dizhu match’s command roles and capabilities', () => {
  it('refuses an appeal’s decision from the table’s operator (403); the referee’s is decided by the rules', async () => {
    const decision = { type: 'DecideAppeal', appeal: 1, votesFor: 3, votesAgainst: 2 };
    const byOperator = await send(operator, 'ddz-roles-1', decision);
    expect(byOperator.status, JSON.stringify(byOperator.body)).toBe(403);
    expect(JSON.stringify(byOperator.body)).toContain('may not send DecideAppeal');
    // The referee may send it; with no appeal lodged it breaks a rule instead (422, not 403).
    const byReferee = await send(referee, 'ddz-roles-2', decision);
    expect(byReferee.status, JSON.stringify(byReferee.body)).toBe(422);
    expect(byReferee.body.rule).toMatch(/^DDZ-/);
  });

  it('refuses a keying correction, which the game does not carry, naming `command.type` (400)', async () => {
    const correction = await send(operator, 'ddz-roles-3', {
      type: 'RequestCorrection',
      toRevision: 0,
      reason: 'mis-keyed',
    });
    expect(correction.status, JSON.stringify(correction.body)).toBe(400);
    expect(JSON.stringify(correction.body)).toContain('command.type');
    expect(JSON.stringify(correction.body)).toContain('takes no keying corrections');
  });

  it('still takes the table’s own commands from its operator', async () => {
    const deal = await send(operator, 'ddz-roles-4', { type: 'DealBoard', board: 1, seed: 'roles-1' });
    expect(deal.status, JSON.stringify(deal.body)).toBe(200);
  });
});
