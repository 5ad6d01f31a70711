import type { ClientCommand } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { newMatchRequest } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';

/** The referee keys a ruling's duty (GD-PEN-9 leader) over HTTP; the engine then enforces it. */
describe('play duties over HTTP (real Nest app, real SQLite)', () => {
  const staff = staffedServerForSuite();

  it('GD-PEN-9: only the referee keys RuleWrongLead; a lead of another type is then 422 with the rule ID', async () => {
    await staff.operator.create(newMatchRequest('m_duty'));
    await staff.operator.send('m_duty', 0, { type: 'DealCards', seed: 'duty' });
    const { body } = await staff.operator.state('m_duty');
    const hand = body.state.hand;
    const leader = hand?.turn;
    if (!hand || !leader) throw new Error('no leader after the deal');
    const cards = hand.hands[leader];
    const single = cards[0];
    const rankOf = (c: string): string =>
      c.startsWith('BJ') || c.startsWith('RJ') ? c.slice(0, 2) : (c[1] ?? '');
    const pair = cards
      .flatMap((a, i) => cards.slice(i + 1).map((b) => [a, b] as const))
      .find(([a, b]) => rankOf(a) === rankOf(b) && !a.startsWith('BJ') && !a.startsWith('RJ'));
    if (!single || !pair) throw new Error('no single or pair in the leader’s hand');
    const ruling: ClientCommand = {
      type: 'RuleWrongLead',
      seat: leader,
      cards: [single],
      leadType: 'single',
    };

    expect((await staff.operator.send('m_duty', body.revision, ruling)).status).toBe(403);
    const ruled = await staff.referee.send('m_duty', body.revision, ruling);
    expect(ruled.status).toBe(200);
    expect(ruled.body.events.map((e) => e.type)).toEqual(['PlayDutyImposed']);

    const refused = await staff.operator.request<{ rule: string; messageZh: string }>(
      'POST',
      '/api/matches/m_duty/commands',
      {
        revision: ruled.body.revision,
        idempotencyKey: staff.operator.nextKey(),
        command: { type: 'PlayCards', seat: leader, cards: [...pair] },
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rule: 'GD-PEN-9', messageZh: expect.any(String) as unknown });
    const led = await staff.operator.send('m_duty', ruled.body.revision, {
      type: 'PlayCards',
      seat: leader,
      cards: [single],
    });
    expect(led.status).toBe(200);
  });
});
