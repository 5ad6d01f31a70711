import type { FeedFrame } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { connectFeed } from './feed-connection';
import type { FeedState } from './feed-state';
import { recordedFeed } from './fixtures/recorded';

const frames = recordedFeed.sequence.filter((m): m is FeedFrame => m.type === 'feed');

/**
 * A real websocket server that replays the recorded broadcast frames like the gateway does: the
 * first connection gets the first ten frames and is then cut; the reconnect must ask to resume
 * after the last frame it applied, and gets exactly the rest.
 */
describe('feed connection over a real websocket', () => {
  it('resubscribes with lastSeq after a drop and never shows an empty table meanwhile', async () => {
    const server = new WebSocketServer({ port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    const subscribes: unknown[] = [];
    server.on('connection', (socket) => {
      socket.on('message', (data: Buffer) => {
        const subscribe = JSON.parse(data.toString('utf8')) as { lastSeq?: number };
        subscribes.push(subscribe);
        const after = subscribe.lastSeq ?? 0;
        const send = frames.filter((f) => f.seq > after);
        socket.send(
          JSON.stringify({
            type: 'subscribed',
            matchId: recordedFeed.matchId,
            audience: 'broadcast',
            latestSeq: frames.at(-1)?.seq ?? 0,
            resumed: after > 0,
          }),
        );
        for (const frame of after === 0 ? send.slice(0, 10) : send) socket.send(JSON.stringify(frame));
        if (after === 0) socket.terminate();
      });
    });

    const seen: FeedState[] = [];
    const lastSeq = frames.at(-1)?.seq;
    const done = new Promise<void>((resolve) => {
      const connection = connectFeed({
        url: `ws://127.0.0.1:${String(address.port)}`,
        matchId: recordedFeed.matchId,
        audience: 'broadcast',
        reconnectDelayMs: 20,
        openSocket: (url) => new WebSocket(url),
        onState(state) {
          seen.push(state);
          if (state.seq === lastSeq) {
            connection.close();
            resolve();
          }
        },
      });
    });
    await done;
    server.close();

    expect(subscribes).toEqual([
      { type: 'subscribe', matchId: recordedFeed.matchId, audience: 'broadcast' },
      { type: 'subscribe', matchId: recordedFeed.matchId, audience: 'broadcast', lastSeq: frames[9]?.seq },
    ]);
    expect(seen.some((s) => s.connection === 'reconnecting')).toBe(true);
    const firstView = seen.findIndex((s) => s.view !== null);
    expect(seen.slice(firstView).every((s) => s.view !== null)).toBe(true);
    const seqs = seen.map((s) => s.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(seen.at(-1)?.view?.revision).toBe(frames.at(-1)?.view?.revision);
  });
});
