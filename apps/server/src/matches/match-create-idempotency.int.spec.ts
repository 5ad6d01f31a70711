import { matchStream } from '@tablecast/events';
import type { CommandAccepted, CommandErrorBody, CreateMatchRequest } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { newMatchRequest, type ApiResponse } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS } from '../testing/staff-tokens';

/**
 * `POST /api/matches` with the client's `Idempotency-Key` header, over the real server on
 * loopback (real SQLite): a create resent after its answer was lost gets the first answer and
 * writes nothing; the same key on another body is refused as a command's reused key is; without a
 * key, a second create of the id stays the 409 naming the match (MatchExistsError).
 */
describe('match create with an Idempotency-Key', () => {
  const staff = staffedServerForSuite();

  const create = async (
    request: CreateMatchRequest,
    idempotencyKey?: string,
  ): Promise<ApiResponse<CommandAccepted & CommandErrorBody>> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${TEST_TOKENS.operatorT1}`,
    };
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const response = await fetch(`${staff.server.url}/api/matches`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
    });
    return { status: response.status, body: (await response.json()) as CommandAccepted & CommandErrorBody };
  };
  const streamLength = async (matchId: string): Promise<number> =>
    (await staff.store.readStream(matchStream(matchId))).length;

  it('a resend of the same body with the same key gets the first answer, and the match is created once', async () => {
    const request = newMatchRequest('c_resent');
    const first = await create(request, 'create-key-0001');
    expect(first.status).toBe(201);
    expect(first.body.events.map((event) => event.type)).toContain('MatchCreated');
    const written = await streamLength('c_resent');

    const resent = await create(request, 'create-key-0001');
    expect(resent).toEqual({ status: 201, body: { ...first.body, replayed: true } });
    expect(await streamLength('c_resent')).toBe(written);
  });

  it('the same key with another body is refused (409 IdempotencyKeyReused naming the header), and nothing is written', async () => {
    const request = newMatchRequest('c_reused');
    expect((await create(request, 'create-key-0002')).status).toBe(201);
    const written = await streamLength('c_reused');

    const other = await create(newMatchRequest('c_reused', 't1', 3), 'create-key-0002');
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      error: 'IdempotencyKeyReused',
      issues: [{ path: 'Idempotency-Key' }],
    });
    expect(await streamLength('c_reused')).toBe(written);
  });

  it('without a key, or with a key other than the one that created it, a second create is the 409 naming the match', async () => {
    const request = newMatchRequest('c_exists');
    expect((await create(request)).status).toBe(201);
    const written = await streamLength('c_exists');
    for (const key of [undefined, 'create-key-0003']) {
      const again = await create(request, key);
      expect(again.status).toBe(409);
      // Today's answer, unchanged: a plain conflict whose message names the match.
      expect(again.body).toMatchObject({ error: 'Conflict', message: 'match c_exists already exists' });
    }
    const keyed = newMatchRequest('c_keyed_exists');
    expect((await create(keyed, 'create-key-0004')).status).toBe(201);
    const unkeyed = await create(keyed);
    expect(unkeyed.status).toBe(409);
    expect(unkeyed.body.message).toBe('match c_keyed_exists already exists');
    expect(await streamLength('c_exists')).toBe(written);
  });

  it('a malformed key is a 400 naming the header, and no match is created', async () => {
    const bad = await create(newMatchRequest('c_badkey'), 'short');
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([expect.objectContaining({ path: 'Idempotency-Key' })]);
    expect(await streamLength('c_badkey')).toBe(0);
  });
});
