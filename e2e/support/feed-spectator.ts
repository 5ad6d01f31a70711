import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import WebSocket from 'ws';
import { until } from './until';

/** A spectator on a gateway: every feed frame of one audience, as sent and with the time it arrived. */
export interface FeedSpectator {
  readonly frames: { frame: FeedFrame; text: string; at: number }[];
  readonly socket: WebSocket;
}

/**
 * Subscribes to one audience of a match on the server at `url` (the staff audience after
 * authenticating with `refereeToken`).
 */
export async function feedSpectator(
  url: string,
  options: {
    readonly matchId: string;
    readonly audience: 'staff' | 'venue' | 'broadcast';
    readonly refereeToken: string;
  },
): Promise<FeedSpectator> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const frames: FeedSpectator['frames'] = [];
  let authenticated = options.audience !== 'staff';
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'authenticated') authenticated = true;
    if (message.type === 'feed') frames.push({ frame: message, text, at: Date.now() });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  if (options.audience === 'staff') {
    socket.send(JSON.stringify({ type: 'authenticate', token: options.refereeToken }));
    await until(() => authenticated, 'staff authenticated');
  }
  socket.send(JSON.stringify({ type: 'subscribe', matchId: options.matchId, audience: options.audience }));
  return { frames, socket };
}

/** The match revision a frame shows (its view's, or its event's). */
export const revisionOf = (frame: FeedFrame): number => frame.view?.revision ?? frame.event?.revision ?? -1;
