import {
  evolveGuandan as evolve,
  guandanInitialState as initialState,
  type GuandanEvent,
  type GuandanState as MatchState,
} from '@tablecast/games/testing';
import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startKafkaMockCluster, type KafkaMockCluster } from '@tablecast/bus/testing';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createSimulatedMatch } from './support/simulated-match';

const OPERATOR = 'e2e-operator-token-gw-01';
const REFEREE = 'e2e-referee-token-gw-001';
const CARD_ID = /(?:[SHCD][2-9TJQKA]|BJ|RJ)[ab]/g;

/** A websocket on a server's /ws that keeps every text frame it receives. */
async function feedClient(server: ServerProcess): Promise<{ texts: string[]; socket: WebSocket }> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  const texts: string[] = [];
  socket.on('message', (data: Buffer) => texts.push(data.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  return { texts, socket };
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const feedFrames = (texts: readonly string[]): FeedFrame[] =>
  texts.map((t) => JSON.parse(t) as ServerMessage).filter((m): m is FeedFrame => m.type === 'feed');

/**
 * TABLECAST_ROLE=gateway as production runs it: kcat's Kafka mock cluster (this fails,
 * never skips, without kcat, like the adapter's tests), the built full server and a built
 * gateway-only server, each its own process. Commands go to the full server over HTTP; spectators
 * watch on the gateway, which has only the Kafka bus in common with it.
 */
describe('gateway-only server process', () => {
  let cluster: KafkaMockCluster;
  let full: ServerProcess;
  let gateway: ServerProcess;
  /** What beforeAll got running, stopped in reverse order even when a later start failed. */
  const running: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster();
    running.push(cluster);
    const env = {
      KAFKA_BROKERS: cluster.brokers.join(','),
      KAFKA_MAX_WAIT_MS: '50',
      // kafkajs on the mock: no idempotent producer (the mock names no controller).
      KAFKA_IDEMPOTENT: 'false',
      TABLECAST_TOKENS: `operator:t1=${OPERATOR},referee=${REFEREE}`,
    };
    // Both at once (each joins its consumer group before it listens), and whichever started is
    // stopped in afterAll even if the other failed.
    const started = await Promise.allSettled([
      startServerProcess(env),
      startServerProcess({ ...env, TABLECAST_ROLE: 'gateway' }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') running.push(result.value);
    const [fullStart, gatewayStart] = started;
    if (fullStart.status !== 'fulfilled' || gatewayStart.status !== 'fulfilled') {
      throw new Error(
        `a server did not start: ${started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok')).join('; ')}`,
      );
    }
    [full, gateway] = [fullStart.value, gatewayStart.value];
  });
  afterAll(async () => {
    for (const started of running.reverse()) await started.stop();
  });

  it('delivers the venue frames of a match played on the full server, in order, never a held card', async () => {
    const matchId = 'gw_process_1';
    const venue = await feedClient(gateway);
    venue.socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'venue' }));
    const staff = await feedClient(gateway);
    staff.socket.send(JSON.stringify({ type: 'authenticate', token: REFEREE }));
    await until(() => staff.texts.some((t) => t.includes('"type":"authenticated"')), 'staff authenticated');
    staff.socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'staff' }));
    await until(
      () => [venue, staff].every((c) => c.texts.some((t) => t.includes('"type":"subscribed"'))),
      'both subscribed',
    );

    const match = await createSimulatedMatch({
      url: full.url,
      matchId,
      seed: 'gateway-process',
      operatorToken: OPERATOR,
      refereeToken: REFEREE,
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const { revision: last } = await match.playUntil(() => false);
    await until(() => feedFrames(venue.texts).some((f) => f.view?.revision === last), 'the last venue frame');
    await until(
      () => feedFrames(staff.texts).some((f) => f.event?.revision === last),
      'the last staff frame',
    );

    const frames = feedFrames(venue.texts);
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: frames.length }, (_, i) => i + 1));
    expect(frames.length).toBeGreaterThan(50);
    // The staff feed through the gateway is the whole log: fold it for the cards held at each revision.
    const log = feedFrames(staff.texts).flatMap((f) => (f.event === null ? [] : [f.event]));
    expect(log.map((e) => e.revision)).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
    let state: MatchState = initialState();
    const held = log.map((event) => {
      state = evolve(state, { type: event.type, data: event.data } as GuandanEvent);
      const cards = new Set<string>();
      for (const seat of ['S', 'E', 'N', 'W'] as const)
        for (const c of state.hand?.hands[seat] ?? []) cards.add(c);
      if (state.hand?.assignments.length === 0) for (const t of state.hand.tributesGiven) cards.add(t.card);
      return cards;
    });
    for (const text of venue.texts.filter((t) => t.startsWith('{"type":"feed"'))) {
      const frame = JSON.parse(text) as FeedFrame;
      const revision = frame.view?.revision ?? frame.event?.revision ?? -1;
      const leaked = (text.match(CARD_ID) ?? []).filter((card) => held[revision]?.has(card) ?? true);
      expect(leaked, `venue seq ${String(frame.seq)} at revision ${String(revision)}`).toEqual([]);
    }
    venue.socket.close();
    staff.socket.close();
  });

  it('does not expose the command API', async () => {
    const response = await fetch(`${gateway.url}/api/matches/gw_process_1/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        revision: 0,
        idempotencyKey: 'gateway-e2e-1',
        command: { type: 'Pass', seat: 'S' },
      }),
    });
    expect(response.status).toBe(404);
    expect(
      (
        await fetch(`${full.url}/api/matches/gw_process_1/state`, {
          headers: { authorization: `Bearer ${OPERATOR}` },
        })
      ).status,
    ).toBe(200);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
  });
});
