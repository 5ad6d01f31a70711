import { seededPrng } from '@tablecast/cards';
import type { GuandanState as MatchState } from '@tablecast/games/testing';
import { describe, expect, it } from 'vitest';
import { botCommand } from '@tablecast/bots';
import { MatchClient, newMatchRequest, toClientCommand } from '../testing/match-client';
import { staffedServerForSuite } from '../testing/staffed-server';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { restartTestServer, startTestServer } from '../testing/test-server';

interface Read {
  readonly revision: number;
  readonly state: MatchState;
}

/** Deals and plays `plays` bot commands; returns the read model after each accepted command. */
async function dealAndPlay(client: MatchClient, matchId: string, plays: number): Promise<Read[]> {
  await client.create(newMatchRequest(matchId));
  await client.send(matchId, 0, { type: 'DealCards', seed: `${matchId}-deal` });
  const prng = seededPrng(matchId);
  const reads: Read[] = [(await client.state(matchId)).body];
  for (let i = 0; i < plays; i += 1) {
    const current = reads[reads.length - 1];
    const next = current ? botCommand(current.state, prng) : null;
    if (!current || !next) throw new Error('the bot had nothing to play');
    expect((await client.send(matchId, current.revision, toClientCommand(next))).status).toBe(200);
    reads.push((await client.state(matchId)).body);
  }
  return reads;
}

describe('keying corrections: requested by the operator, decided by the referee (TC-CORR-*)', () => {
  const staff = staffedServerForSuite();

  it('a confirmed correction puts the match back where it really was; play goes on from there', async () => {
    const reads = await dealAndPlay(staff.operator, 'c_confirm', 3);
    const target = reads[1];
    const last = reads[3];
    if (!target || !last) throw new Error('missing reads');

    const requested = await staff.operator.send('c_confirm', last.revision, {
      type: 'RequestCorrection',
      toRevision: target.revision,
      reason: 'keyed the wrong pair for seat E',
    });
    expect(requested.status).toBe(200);
    const correctionId = await pendingCorrectionId(staff.referee, 'c_confirm');

    // TC-CORR-4: nothing else is keyed while the referee decides.
    const blocked = await staff.operator.request<{ rule: string }>(
      'POST',
      '/api/matches/c_confirm/commands',
      {
        revision: requested.body.revision,
        idempotencyKey: staff.operator.nextKey(),
        command: { type: 'Pass', seat: 'S' },
      },
    );
    expect(blocked.status).toBe(422);
    expect(blocked.body.rule).toBe('TC-CORR-4');
    // Only the referee decides.
    expect(
      (
        await staff.operator.send('c_confirm', requested.body.revision, {
          type: 'ConfirmCorrection',
          correctionId,
        })
      ).status,
    ).toBe(403);

    const confirmed = await staff.referee.send('c_confirm', requested.body.revision, {
      type: 'ConfirmCorrection',
      correctionId,
    });
    expect(confirmed.status).toBe(200);
    const after = (await staff.referee.state('c_confirm')).body;
    expect(after.pendingCorrection).toBeNull();
    expect(after.state).toEqual(target.state);
    expect(after.revision).toBe(confirmed.body.revision);

    // The retracted events are still in the log, for the arbitration committee.
    const timeline = (
      await staff.referee.request<{ type: string }[]>('GET', '/api/matches/c_confirm/timeline')
    ).body;
    expect(
      timeline.filter((e) => e.type === 'CardsPlayed' || e.type === 'Passed').length,
    ).toBeGreaterThanOrEqual(3);
    expect(timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['CorrectionRequested', 'CorrectionConfirmed']),
    );

    // Play continues from the corrected state.
    const next = botCommand(after.state, seededPrng('after-correction'));
    if (!next) throw new Error('nothing to play after the correction');
    expect((await staff.operator.send('c_confirm', after.revision, toClientCommand(next))).status).toBe(200);
  });

  it('a rejected correction changes nothing', async () => {
    const reads = await dealAndPlay(staff.operator, 'c_reject', 2);
    const last = reads[2];
    if (!last) throw new Error('missing reads');
    const requested = await staff.operator.send('c_reject', last.revision, {
      type: 'RequestCorrection',
      toRevision: last.revision - 1,
      reason: 'not sure',
    });
    const correctionId = await pendingCorrectionId(staff.referee, 'c_reject');
    const rejected = await staff.referee.send('c_reject', requested.body.revision, {
      type: 'RejectCorrection',
      correctionId,
      note: 'the video shows the pair was played',
    });
    expect(rejected.status).toBe(200);
    expect((await staff.referee.state('c_reject')).body.state).toEqual(last.state);
  });

  it('TC-CORR-1 one at a time, TC-CORR-2 not before the current deal, TC-CORR-3 only a pending one', async () => {
    const reads = await dealAndPlay(staff.operator, 'c_rules', 1);
    const last = reads[1];
    if (!last) throw new Error('missing reads');
    const tooEarly = await staff.operator.request<{ rule: string }>('POST', '/api/matches/c_rules/commands', {
      revision: last.revision,
      idempotencyKey: staff.operator.nextKey(),
      command: { type: 'RequestCorrection', toRevision: 0, reason: 'back to before the deal' },
    });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.rule).toBe('TC-CORR-2');

    const unknown = await staff.referee.request<{ rule: string }>('POST', '/api/matches/c_rules/commands', {
      revision: last.revision,
      idempotencyKey: staff.referee.nextKey(),
      command: { type: 'ConfirmCorrection', correctionId: 'c_nothing' },
    });
    expect(unknown.body.rule).toBe('TC-CORR-3');

    const first = await staff.operator.send('c_rules', last.revision, {
      type: 'RequestCorrection',
      toRevision: last.revision - 1,
      reason: 'wrong card',
    });
    const second = await staff.operator.request<{ rule: string }>('POST', '/api/matches/c_rules/commands', {
      revision: first.body.revision,
      idempotencyKey: staff.operator.nextKey(),
      command: { type: 'RequestCorrection', toRevision: last.revision - 1, reason: 'again' },
    });
    expect(second.body.rule).toBe('TC-CORR-1');
  });

  it('a restarted server on the same log folds the correction the same way', async () => {
    // A restart, not a second server beside the first: one data dir belongs to one process (the
    // feeds' disclosure ledger in it is written by that process alone).
    const first = await startTestServer({ TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    const firstOperator = new MatchClient(first.url, TEST_TOKENS.operatorT1);
    const firstReferee = new MatchClient(first.url, TEST_TOKENS.referee);
    await dealAndPlay(firstOperator, 'c_restart', 2);
    const before = (await firstReferee.state('c_restart')).body;
    const requested = await firstOperator.send('c_restart', before.revision, {
      type: 'RequestCorrection',
      toRevision: before.revision - 1,
      reason: 'seat mix-up',
    });
    const correctionId = await pendingCorrectionId(firstReferee, 'c_restart');
    await firstReferee.send('c_restart', requested.body.revision, {
      type: 'ConfirmCorrection',
      correctionId,
    });
    const corrected = (await firstReferee.state('c_restart')).body;
    await first.app.close();

    const second = await restartTestServer(first, { TABLECAST_TOKENS: TEST_TOKENS_SPEC });
    try {
      // Its projections continue from their checkpoint; its decision state loads from the stream.
      const client = new MatchClient(second.url, TEST_TOKENS.operatorT1);
      expect((await client.state('c_restart')).body).toEqual(corrected);
      const next = botCommand(corrected.state, seededPrng('restart'));
      if (!next) throw new Error('nothing to play');
      expect((await client.send('c_restart', corrected.revision, toClientCommand(next))).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

/** The id of the correction waiting for the referee: the read model names it, as the timeline does. */
async function pendingCorrectionId(client: MatchClient, matchId: string): Promise<string> {
  const timeline = (
    await client.request<{ type: string; data: { correctionId?: string } }[]>(
      'GET',
      `/api/matches/${matchId}/timeline`,
    )
  ).body;
  const fromTimeline = timeline.filter((e) => e.type === 'CorrectionRequested').at(-1)?.data.correctionId;
  const model = (
    await client.request<{ pendingCorrection: { correctionId: string } | null }>(
      'GET',
      `/api/matches/${matchId}/state?minRevision=${String(timeline.length - 1)}`,
    )
  ).body;
  if (!fromTimeline) throw new Error('no correction requested');
  expect(model.pendingCorrection?.correctionId).toBe(fromTimeline);
  return fromTimeline;
}
