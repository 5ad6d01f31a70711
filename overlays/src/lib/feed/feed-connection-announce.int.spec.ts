import type { ControlMessage, FeedFrame } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { connectFeed, type FeedSocket } from './feed-connection';
import type { FeedState } from './feed-state';
import { recordedFeed } from './fixtures/recorded';

const frames = recordedFeed.sequence.filter((m): m is FeedFrame => m.type === 'feed');

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A real websocket server standing in for the gateway: it records what the page sends, serves
 * three frames, then plays the producer's refresh and cue.
 */
describe('feed connection announces the page and hands control messages over (real websocket)', () => {
  it('announces after subscribing, heartbeats with the last seq shown, passes refresh and cues on', async () => {
    const server = new WebSocketServer({ port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    const received: { type: string; lastSeq?: number }[] = [];
    let pageSocket: WebSocket | undefined;
    server.on('connection', (socket) => {
      pageSocket = socket;
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { type: string; lastSeq?: number };
        received.push(message);
        if (message.type !== 'subscribe') return;
        socket.send(
          JSON.stringify({
            type: 'subscribed',
            matchId: recordedFeed.matchId,
            audience: 'broadcast',
            latestSeq: 0,
            resumed: false,
          }),
        );
        for (const frame of frames.slice(0, 3)) socket.send(JSON.stringify(frame));
      });
    });

    const controls: ControlMessage[] = [];
    const states: FeedState[] = [];
    // The page's socket counts what the page sends after closing it, and its close() leaves the
    // wire open: a heartbeat interval left running would still have an open socket to send on.
    let pageClosed = false;
    let sentAfterClose = 0;
    const openSocket = (url: string): FeedSocket => {
      const wire = new WebSocket(url);
      return {
        send: (data) => {
          if (pageClosed) sentAfterClose += 1;
          wire.send(data);
        },
        close: () => {
          pageClosed = true;
        },
        addEventListener: (
          type: 'open' | 'close' | 'message',
          listener: (event: { data: unknown }) => void,
        ) => {
          wire.addEventListener(type, (event) => {
            listener({ data: 'data' in event ? event.data : undefined });
          });
        },
      };
    };
    const connection = connectFeed({
      url: `ws://127.0.0.1:${String(address.port)}`,
      matchId: recordedFeed.matchId,
      audience: 'broadcast',
      openSocket,
      announce: { page: 'moments', build: 'abc123', lang: 'en' },
      heartbeatMs: 30,
      onControl: (message) => controls.push(message),
      onState: (state) => states.push(state),
    });
    const thirdSeq = frames[2]?.seq ?? -1;
    await until(() => received.some((m) => m.type === 'announce' && m.lastSeq === thirdSeq));

    expect(received[0]).toMatchObject({ type: 'subscribe', matchId: recordedFeed.matchId });
    expect(received[1]).toEqual({
      type: 'announce',
      page: 'moments',
      build: 'abc123',
      matchId: recordedFeed.matchId,
      audience: 'broadcast',
      lang: 'en',
      lastSeq: 0,
    });

    const statesBefore = states.length;
    pageSocket?.send(JSON.stringify({ type: 'control', action: 'refresh' }));
    pageSocket?.send(JSON.stringify({ type: 'control', action: 'cue', cue: { moment: 'bomb' } }));
    await until(() => controls.length === 2);
    expect(controls).toEqual([
      { type: 'control', action: 'refresh' },
      { type: 'control', action: 'cue', cue: { moment: 'bomb' } },
    ]);
    // Control messages are not feed data: the feed state did not move.
    expect(states.length).toBe(statesBefore);
    expect(connection.current().seq).toBe(thirdSeq);

    connection.close();
    // The heartbeat stops with the connection: wait for three more heartbeat periods (a timer of
    // the same period started after the heartbeat's fires after it), then nothing was sent.
    let periods = 0;
    const probe = setInterval(() => (periods += 1), 30);
    await until(() => periods >= 3);
    clearInterval(probe);
    expect(sentAfterClose).toBe(0);
    pageSocket?.close();
    server.close();
  });
});
