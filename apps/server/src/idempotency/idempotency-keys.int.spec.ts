import { seededPrng } from '@tablecast/cards';
import { matchStream, appealStream } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import type { ClientCommand, CommandErrorBody } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { handReplayedRuling } from '../arbitration/testing/ruling-sheet';
import { FeedSocket } from '../broadcast/testing/feed-socket';
import { MatchClient, newMatchRequest, toClientCommand } from '../testing/match-client';
import { staffedServerForSuite, type StaffedServer } from '../testing/staffed-server';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer } from '../testing/test-server';
import { MatchCommandService } from '../matches/match-command.service';

/**
 * Idempotency keys over the real server on loopback (HTTP and websocket, real SQLite): a retry
 * that resends what was first sent gets the first answer; the same key with anything else is
 * refused with 409 IdempotencyKeyReused naming the key's field, and nothing is written.
 */
describe('idempotency keys: a retry must resend what was first sent', () => {
  const staff = staffedServerForSuite();

  it('a key used for PlayCards, resent with ForfeitMatch, is refused (409 naming idempotencyKey); the forfeit is not silently dropped as a replay', async () => {
    const { referee } = staff;
    const { revision, play } = await dealtWithPlay(staff, 'k_forfeit');
    const played = await referee.send('k_forfeit', revision, play, 'play-key-0001');
    expect(played.status).toBe(200);
    const events = await streamLength(staff, 'k_forfeit');

    const forfeit: ClientCommand = { type: 'ForfeitMatch', team: 'EW', rule: 'GD-FMT-4' };
    const reused = await referee.send('k_forfeit', played.body.revision, forfeit, 'play-key-0001');
    expectReused(reused, 'idempotencyKey');
    expect(await streamLength(staff, 'k_forfeit')).toBe(events);

    // The forfeit under a key of its own is decided and written.
    const fresh = await referee.send('k_forfeit', played.body.revision, forfeit, 'forfeit-key-01');
    expect(fresh.status).toBe(200);
    expect(fresh.body.events.map((e) => e.type)).toContain('MatchEnded');
  });

  it('the same command at another revision under the same key is refused too; the exact retry is replayed', async () => {
    const { referee } = staff;
    const { revision, play } = await dealtWithPlay(staff, 'k_revision');
    const first = await referee.send('k_revision', revision, play, 'play-key-rev1');
    expect(first.status).toBe(200);
    const events = await streamLength(staff, 'k_revision');

    const moved = await referee.send('k_revision', first.body.revision, play, 'play-key-rev1');
    expectReused(moved, 'idempotencyKey');
    const retry = await referee.send('k_revision', revision, play, 'play-key-rev1');
    expect(retry).toEqual({ status: 200, body: { ...first.body, replayed: true } });
    expect(await streamLength(staff, 'k_revision')).toBe(events);
  });

  it('over the websocket: the reused key gets a commandResult with the same 409 body, and nothing is appended', async () => {
    const { revision, play } = await dealtWithPlay(staff, 'k_ws');
    const socket = await FeedSocket.open(staff.server);
    try {
      socket.send({ type: 'authenticate', token: TEST_TOKENS.operatorT1 });
      await socket.until((m) => m.type === 'authenticated');
      const command = async (requestId: string, request: object) => {
        socket.send({ type: 'command', requestId, matchId: 'k_ws', request });
        const answer = await socket.until((m) => m.type === 'commandResult' && m.requestId === requestId);
        if (answer.type !== 'commandResult') throw new Error('not a commandResult');
        return answer;
      };
      const first = await command('r1', { revision, idempotencyKey: 'ws-play-key-1', command: play });
      if (!first.ok) throw new Error(`the play was refused: ${first.error.message}`);
      const events = await streamLength(staff, 'k_ws');
      const other: ClientCommand = {
        type: 'RequestCorrection',
        toRevision: revision,
        reason: 'wrong card keyed',
      };
      const reused = await command('r2', {
        revision: first.result.revision,
        idempotencyKey: 'ws-play-key-1',
        command: other,
      });
      expect(reused).toMatchObject({
        ok: false,
        error: { statusCode: 409, error: 'IdempotencyKeyReused', issues: [{ path: 'idempotencyKey' }] },
      });
      expect(await streamLength(staff, 'k_ws')).toBe(events);
      const retry = await command('r3', { revision, idempotencyKey: 'ws-play-key-1', command: play });
      expect(retry).toMatchObject({ ok: true, result: { ...first.result, replayed: true } });
    } finally {
      await socket.close();
    }
  });

  it('keying corrections: a RequestCorrection key resent with another toRevision, or a ConfirmCorrection key resent as a RejectCorrection, is refused', async () => {
    const { operator, referee } = staff;
    const { revision, play } = await dealtWithPlay(staff, 'k_corr');
    const played = await operator.send('k_corr', revision, play);
    expect(played.status).toBe(200);
    const request = { type: 'RequestCorrection', toRevision: revision, reason: 'wrong card' } as const;
    const asked = await operator.send('k_corr', played.body.revision, request, 'corr-request-1');
    expect(asked.status).toBe(200);
    const reasked = await operator.send(
      'k_corr',
      played.body.revision,
      { ...request, toRevision: revision - 1 },
      'corr-request-1',
    );
    expectReused(reasked, 'idempotencyKey');

    const correctionId = (asked.body.events[0]?.data as { correctionId: string }).correctionId;
    const confirmed = await referee.send(
      'k_corr',
      asked.body.revision,
      { type: 'ConfirmCorrection', correctionId },
      'corr-decide-1',
    );
    expect(confirmed.status).toBe(200);
    const events = await streamLength(staff, 'k_corr');
    const rejected = await referee.send(
      'k_corr',
      asked.body.revision,
      { type: 'RejectCorrection', correctionId, note: 'no' },
      'corr-decide-1',
    );
    expectReused(rejected, 'idempotencyKey');
    expect(await streamLength(staff, 'k_corr')).toBe(events);
  });

  it('appeals: the same filing under its appealId is answered with the appeal filed; another filing under it is refused (409 naming appealId)', async () => {
    const referee = new MatchClient(staff.server.url, TEST_TOKENS.referee);
    await dealtWithPlay(staff, 'k_appeal');
    const filing = appealFiling('AP_K1');
    const filed = await referee.request('POST', '/api/matches/k_appeal/appeals', filing);
    expect(filed.status).toBe(201);
    const retried = await referee.request('POST', '/api/matches/k_appeal/appeals', filing);
    expect(retried).toEqual(filed);

    const other = await referee.request<CommandErrorBody>('POST', '/api/matches/k_appeal/appeals', {
      ...filing,
      statement: 'A different complaint.',
    });
    expectReused(other, 'appealId');
    expect(await staff.store.readStream(appealStream('AP_K1'))).toHaveLength(1);
  });

  it('rulings: the same sheet under its rulingId answers the ruling and its corrections; another sheet, or the rulingId on another appeal, is refused', async () => {
    const referee = new MatchClient(staff.server.url, TEST_TOKENS.referee);
    const arbiter = new MatchClient(staff.server.url, TEST_TOKENS.arbiter);
    await dealtWithPlay(staff, 'k_ruling');
    for (const appealId of ['AP_K2', 'AP_K3']) {
      const filed = await referee.request('POST', '/api/matches/k_ruling/appeals', appealFiling(appealId));
      expect(filed.status).toBe(201);
    }
    const sheet = handReplayedRuling('RU_K2');
    const ruled = await arbiter.request<{ corrections: unknown[] }>(
      'POST',
      '/api/appeals/AP_K2/ruling',
      sheet,
    );
    expect(ruled.status).toBe(201);
    expect(ruled.body.corrections).toHaveLength(1);
    const events = await streamLength(staff, 'k_ruling');

    // The same sheet with the committee listed in another order is the same sheet.
    const retried = await arbiter.request('POST', '/api/appeals/AP_K2/ruling', {
      ...sheet,
      committee: ['zhou', 'chen', 'wang'],
    });
    expect(retried).toEqual(ruled);

    const otherSheet = await arbiter.request<CommandErrorBody>('POST', '/api/appeals/AP_K2/ruling', {
      ...sheet,
      reasoning: 'A different reasoning.',
    });
    expectReused(otherSheet, 'rulingId');
    const otherAppeal = await arbiter.request<CommandErrorBody>('POST', '/api/appeals/AP_K3/ruling', sheet);
    expectReused(otherAppeal, 'rulingId');
    expect(await staff.store.readStream(appealStream('AP_K3'))).toHaveLength(1);
    expect(await streamLength(staff, 'k_ruling')).toBe(events);
  });
});

describe('idempotency keys across a restart', () => {
  it('a restarted server still refuses the key with another command and replays the exact retry, both rebuilt from the log', async () => {
    const env = { TABLECAST_TOKENS: TEST_TOKENS_SPEC };
    const first = await startTestServer(env);
    let second;
    try {
      const referee = new MatchClient(first.url, TEST_TOKENS.referee);
      const created = await referee.create(newMatchRequest('k_restart'));
      const dealt = await referee.send('k_restart', created.body.revision, { type: 'DealCards', seed: 'r' });
      const match = await first.app.get(MatchCommandService).get('k_restart');
      const bot = randomLegalCommand(match.state, seededPrng('k_restart'));
      if (bot === null) throw new Error('no legal command after the deal');
      const play = toClientCommand(bot);
      const played = await referee.send('k_restart', dealt.body.revision, play, 'restart-key-01');
      expect(played.status).toBe(200);
      await first.app.close();

      second = await restartTestServer(first, env);
      const again = new MatchClient(second.url, TEST_TOKENS.referee);
      const forfeit: ClientCommand = { type: 'ForfeitMatch', team: 'NS', rule: 'GD-FMT-4' };
      expectReused(
        await again.send('k_restart', played.body.revision, forfeit, 'restart-key-01'),
        'idempotencyKey',
      );
      const retry = await again.send('k_restart', dealt.body.revision, play, 'restart-key-01');
      expect(retry).toEqual({ status: 200, body: { ...played.body, replayed: true } });
      expect((await second.app.get(MatchCommandService).get('k_restart')).revision).toBe(
        played.body.revision,
      );
    } finally {
      await (second ?? first).stop();
    }
  });
});

function expectReused(answer: { status: number; body: unknown }, field: string): void {
  expect(answer).toMatchObject({
    status: 409,
    body: { statusCode: 409, error: 'IdempotencyKeyReused', issues: [{ path: field }] },
  });
  expect((answer.body as CommandErrorBody).message).toContain(field);
}

/** A created and dealt match of table t1 and a legal command for the seat to play. */
async function dealtWithPlay(
  staff: StaffedServer,
  matchId: string,
): Promise<{ revision: number; play: ClientCommand }> {
  const created = await staff.operator.create(newMatchRequest(matchId));
  expect(created.status).toBe(201);
  const dealt = await staff.operator.send(matchId, created.body.revision, {
    type: 'DealCards',
    seed: matchId,
  });
  expect(dealt.status).toBe(200);
  const match = await staff.matches.get(matchId);
  const bot = randomLegalCommand(match.state, seededPrng(matchId));
  if (bot === null) throw new Error('no legal command after the deal');
  return { revision: match.revision, play: toClientCommand(bot) };
}

async function streamLength(staff: StaffedServer, matchId: string): Promise<number> {
  return (await staff.store.readStream(matchStream(matchId))).length;
}

function appealFiling(appealId: string) {
  return {
    appealId,
    handNumber: 1,
    disputedRevisions: [1],
    statement: 'The lead was played out of turn.',
    language: 'en',
    appellant: { team: 'NS', captain: 'Zhang Wei' },
    fee: { amount: 300 },
  };
}
