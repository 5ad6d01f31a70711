import { seededPrng } from '@tablecast/cards';
import { matchStream } from '@tablecast/events';
import { randomLegalGuandanCommand as randomLegalCommand } from '@tablecast/games/testing';
import { describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchClient, newMatchRequest, toClientCommand } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer } from '../testing/test-server';
import { foldMatch } from './loaded-match';

/** Plays commands chosen by the random legal bot through HTTP until the deal is over. */
async function playDeal(client: MatchClient, matchId: string, seed: string): Promise<number> {
  const prng = seededPrng(seed);
  let commands = 0;
  for (;;) {
    const { body } = await client.state(matchId);
    const next = randomLegalCommand(body.state, prng);
    if (next === null) return commands;
    const answer = await client.send(matchId, body.revision, toClientCommand(next));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    commands += 1;
  }
}

describe('match service over HTTP (real Nest app, real SQLite)', () => {
  const staff = staffedServerForSuite();

  it('creates a match, deals, and plays a whole deal with only legal commands', async () => {
    const created = await staff.operator.create(newMatchRequest('m_full'));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ matchId: 'm_full', revision: 0, replayed: false });

    const dealt = await staff.operator.send('m_full', 0, { type: 'DealCards', seed: 'final-deal-1' });
    expect(dealt.status).toBe(200);
    expect(dealt.body.events.map((e) => e.type)).toContain('CardsDealt');
    // The answer carries each event's data as stored, so a staff client can follow without a read.
    const storedDeal = (
      await staff.server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream('m_full'))
    ).find((e) => e.type === 'CardsDealt');
    expect(storedDeal?.data).toBeDefined();
    expect(dealt.body.events.find((e) => e.type === 'CardsDealt')?.data).toEqual(storedDeal?.data);

    const commands = await playDeal(staff.operator, 'm_full', 'bot-1');
    expect(commands).toBeGreaterThan(10);
    const { body } = await staff.operator.state('m_full');
    expect(body.state.status).toBe('betweenHands');
    expect(body.state.handsPlayed).toBe(1);
    expect(body.state.lastHand?.places.length).toBeGreaterThanOrEqual(2);
    // The state holds ids; the names come from MatchCreated, for the operator console.
    expect(body.state.players).toEqual({ S: 'p-s', E: 'p-e', N: 'p-n', W: 'p-w' });
    expect(body.names).toEqual({
      players: { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' },
      teams: { NS: '江苏队', EW: '安徽队' },
    });

    // The served state is exactly the fold of the stored log.
    const store = staff.server.app.get<AppEventStore>(EVENT_STORE);
    const rebuilt = foldMatch('m_full', await store.readStream(matchStream('m_full')));
    expect(rebuilt?.state).toEqual(body.state);
    expect(rebuilt?.revision).toBe(body.revision);
  });

  it('400: a malformed command names the field', async () => {
    await staff.operator.create(newMatchRequest('m_400'));
    const answer = await staff.operator.request<{ error: string; message: string }>(
      'POST',
      '/api/matches/m_400/commands',
      {
        revision: 0,
        command: { type: 'Pass', seat: 'X' },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('idempotencyKey');
    expect(answer.body.message).toContain('command.seat');
  });

  it('401 without a token, 403 for a role that sends no commands or another table', async () => {
    await staff.referee.create(newMatchRequest('m_auth', 't1'));
    expect(
      (await new MatchClient(staff.server.url, undefined).send('m_auth', 0, { type: 'CallTime' })).status,
    ).toBe(401);
    expect(
      (await new MatchClient(staff.server.url, TEST_TOKENS.arbiter).send('m_auth', 0, { type: 'CallTime' }))
        .status,
    ).toBe(403);
    const otherTable = await new MatchClient(staff.server.url, TEST_TOKENS.operatorT2).send('m_auth', 0, {
      type: 'DealCards',
    });
    expect(otherTable.status).toBe(403);
    // An operator may not sanction: that is the referee's (GD-PEN-*).
    const sanction = await staff.operator.send('m_auth', 0, {
      type: 'IssuePenalty',
      seat: 'S',
      sanction: 'warning',
      rule: 'GD-PEN-2',
    });
    expect(sanction.status).toBe(403);
  });

  it('404 for an unknown match; 409 when creating a match twice', async () => {
    expect((await staff.operator.send('no-such-match', 0, { type: 'DealCards' })).status).toBe(404);
    await staff.operator.create(newMatchRequest('m_twice'));
    expect((await staff.operator.create(newMatchRequest('m_twice'))).status).toBe(409);
  });

  it('409 for a stale revision, with the current revision in the answer', async () => {
    await staff.operator.create(newMatchRequest('m_stale'));
    await staff.operator.send('m_stale', 0, { type: 'DealCards', seed: 's' });
    const stale = await staff.operator.send('m_stale', 0, { type: 'Pass', seat: 'S' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'StaleRevision' });
  });

  it('422 with the rule ID and a Chinese message when a rule forbids the command', async () => {
    await staff.operator.create(newMatchRequest('m_422'));
    const dealt = await staff.operator.send('m_422', 0, { type: 'DealCards', seed: 'rules' });
    const { body } = await staff.operator.state('m_422');
    const hand = body.state.hand;
    if (!hand?.turn) throw new Error('no one to act after the deal');
    // A card the player to act does not hold.
    const notHeld = hand.hands[hand.turn === 'S' ? 'E' : 'S'][0];
    if (!notHeld) throw new Error('empty hand');
    const answer = await staff.operator.request<{ rule: string; messageZh: string }>(
      'POST',
      '/api/matches/m_422/commands',
      {
        revision: dealt.body.revision,
        idempotencyKey: staff.operator.nextKey(),
        command: { type: 'PlayCards', seat: hand.turn, cards: [notHeld] },
      },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.rule).toMatch(/^GD-/);
    expect(answer.body.messageZh.length).toBeGreaterThan(0);
    // Nothing was written.
    expect((await staff.operator.state('m_422')).body.revision).toBe(dealt.body.revision);
  });

  it('a retried idempotency key returns the original result and appends nothing', async () => {
    await staff.operator.create(newMatchRequest('m_idem'));
    const first = await staff.operator.send('m_idem', 0, { type: 'DealCards', seed: 'x' }, 'deal-key-0001');
    const retry = await staff.operator.send('m_idem', 0, { type: 'DealCards', seed: 'x' }, 'deal-key-0001');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ...first.body, replayed: true });
    expect((await staff.operator.state('m_idem')).body.revision).toBe(first.body.revision);
  });

  it('two operators racing on one revision: exactly one is accepted, the other gets 409', async () => {
    await staff.referee.create(newMatchRequest('m_race'));
    const [a, b] = await Promise.all([
      staff.operator.send('m_race', 0, { type: 'DealCards', seed: 'a' }),
      staff.referee.send('m_race', 0, { type: 'DealCards', seed: 'b' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe('restart', () => {
  it('a new server on the same data directory serves the same match state', async () => {
    const first = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const client = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    await client.create(newMatchRequest('m_restart'));
    await client.send('m_restart', 0, { type: 'DealCards', seed: 'restart' });
    await playDeal(client, 'm_restart', 'bot-restart');
    const before = (await client.state('m_restart')).body;
    await first.app.close();

    const second = await restartTestServer(first, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      const after = (await new MatchClient(second.url, TEST_TOKENS.operatorT1).state('m_restart')).body;
      expect(after).toEqual(before);
      // Read back from the stored timeline by a server that never saw MatchCreated applied live.
      expect(after.names?.teams).toEqual({ NS: '江苏队', EW: '安徽队' });
    } finally {
      await second.stop();
    }
  });
});
