import type { CommandAccepted, ServerMessage } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient, newBigTwoMatchRequest, newDoudizhuMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startTestServer, type TestServer } from '../testing/test-server';

type CommandResult = Extract<ServerMessage, { type: 'commandResult' }>;

/**
 * Every registered game's commands over the live gateway (/ws), read by the match's game's command
 * schema through the same command service as `POST …/commands`, answered with the same error
 * bodies: 400 naming the field, 422 naming the game's rule ID, 409 for a stale revision.
 */
describe('the live gateway takes any game’s commands (real server, real websockets)', () => {
  let server: TestServer;
  let socket: FeedSocket;
  let sent = 0;

  beforeAll(async () => {
    server = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const operator = new MatchClient(server.url, TEST_TOKENS.operatorT1);
    for (const request of [newDoudizhuMatchRequest('ws_ddz', 't1'), newBigTwoMatchRequest('ws_b2', 't1')]) {
      const created = await operator.request<CommandAccepted>('POST', '/api/matches', request);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    socket = await FeedSocket.open(server);
    socket.send({ type: 'authenticate', token: TEST_TOKENS.operatorT1 });
    await socket.until((m) => m.type === 'authenticated');
  }, 60_000);
  afterAll(async () => {
    socket.socket.close();
    await server.stop();
  });

  async function command(
    matchId: string,
    game: string,
    revision: number,
    body: Record<string, unknown>,
  ): Promise<CommandResult> {
    sent += 1;
    const requestId = `ws-game-${String(sent)}`;
    socket.send({
      type: 'command',
      requestId,
      matchId,
      request: {
        game,
        revision,
        idempotencyKey: `ws-game-key-${String(sent).padStart(4, '0')}`,
        command: body,
      },
    });
    const answer = await socket.until((m) => m.type === 'commandResult' && m.requestId === requestId);
    if (answer.type !== 'commandResult') throw new Error('not a commandResult');
    return answer;
  }

  function accepted(answer: CommandResult): number {
    if (!answer.ok) throw new Error(`refused: ${JSON.stringify(answer.error)}`);
    return answer.result.revision;
  }

  it('Dou Dizhu: deals and bids by websocket; 422 names the DDZ rule, 400 the field, 409 a stale revision', async () => {
    let revision = accepted(
      await command('ws_ddz', 'doudizhu', 0, { type: 'DealBoard', board: 1, seed: 'ws-ddz-1' }),
    );
    expect(revision).toBeGreaterThan(0);

    // DDZ-BID-2: seat 0 bids first under cga2017 (DEC-DDZ-2); seat 1 may not bid now.
    const outOfTurn = await command('ws_ddz', 'doudizhu', revision, { type: 'Bid', seat: 1, bid: 1 });
    expect(outOfTurn).toMatchObject({ ok: false, error: { statusCode: 422, rule: 'DDZ-BID-2' } });
    // A Guandan seat is no Dou Dizhu seat: a 400 naming the field.
    const malformed = await command('ws_ddz', 'doudizhu', revision, { type: 'Bid', seat: 'S', bid: 1 });
    expect(malformed).toMatchObject({ ok: false, error: { statusCode: 400 } });
    expect(JSON.stringify(malformed)).toContain('command.seat');

    revision = accepted(await command('ws_ddz', 'doudizhu', revision, { type: 'Bid', seat: 0, bid: 1 }));
    const stale = await command('ws_ddz', 'doudizhu', revision - 1, { type: 'Bid', seat: 1, bid: 'pass' });
    expect(stale).toMatchObject({ ok: false, error: { statusCode: 409 } });

    // Refused commands wrote nothing: the match stands at the last accepted one.
    expect((await server.app.get(MatchCommandService).read('ws_ddz')).revision).toBe(revision);
  });

  it('Big Two: deals and shows by websocket; 422 names the B2 rule, 400 the field', async () => {
    const revision = accepted(
      await command('ws_b2', 'bigtwo', 0, { type: 'DealBoard', board: 1, seed: 'ws-b2-1' }),
    );
    // B2-DBL-1: nobody doubles before the show choices are in.
    const early = await command('ws_b2', 'bigtwo', revision, { type: 'Double', seat: 'S', double: true });
    expect(early).toMatchObject({ ok: false, error: { statusCode: 422, rule: 'B2-DBL-1' } });
    // A Dou Dizhu seat is no Big Two seat: a 400 naming the field.
    const malformed = await command('ws_b2', 'bigtwo', revision, { type: 'Show', seat: 0, show: true });
    expect(malformed).toMatchObject({ ok: false, error: { statusCode: 400 } });
    expect(JSON.stringify(malformed)).toContain('command.seat');
    accepted(await command('ws_b2', 'bigtwo', revision, { type: 'Show', seat: 'E', show: true }));
  });

  it('refuses a command for another game than the match’s, naming both', async () => {
    const answer = await command('ws_b2', 'doudizhu', 0, { type: 'Bid', seat: 0, bid: 1 });
    expect(answer).toMatchObject({ ok: false, error: { statusCode: 400 } });
    expect(JSON.stringify(answer)).toContain('match ws_b2 is a bigtwo match, not doudizhu');
  });
});
