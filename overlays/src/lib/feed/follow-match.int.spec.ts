import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { followMatch } from './follow-match';

/**
 * A real websocket server playing the server's side of `follow`: it answers `following` with the
 * match at the table, then a new match there, then drops the connection; the page's follower must
 * report each match, reconnect and ask again, and learn the match of the new connection.
 */
describe('following a table over a real websocket', () => {
  it('reports each match at the table, and asks again after a drop', async () => {
    const server = new WebSocketServer({ port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('unexpected address');
    const asked: unknown[] = [];
    let connections = 0;
    server.on('connection', (socket) => {
      connections += 1;
      const first = connections === 1;
      socket.on('message', (data: Buffer) => {
        asked.push(JSON.parse(data.toString('utf8')));
        const following = (matchId: string | null): string =>
          JSON.stringify({ type: 'following', onAir: false, table: 't1', matchId });
        if (first) {
          // A feed frame of no interest to it, then the match now and the next one.
          socket.send(JSON.stringify({ type: 'hello', serverVersion: 'x' }));
          socket.send(following('m1'));
          socket.send(following('m2'));
          socket.terminate();
        } else socket.send(following(null));
      });
    });

    const seen: (string | null)[] = [];
    await new Promise<void>((resolve) => {
      const follower = followMatch({
        url: `ws://127.0.0.1:${String(address.port)}`,
        follow: { table: 't1' },
        openSocket: (url) => new WebSocket(url),
        reconnectDelayMs: 20,
        onMatch(matchId) {
          seen.push(matchId);
          if (seen.length === 3) {
            follower.close();
            resolve();
          }
        },
      });
    });
    server.close();
    expect(seen).toEqual(['m1', 'm2', null]);
    expect(asked).toEqual([
      { type: 'follow', table: 't1' },
      { type: 'follow', table: 't1' },
    ]);
  });
});
