import type { TournamentFeedFrame } from '@tablecast/protocol';
import { describe, expect, it, vi } from 'vitest';
import { knockoutView } from './tournament-fixture';
import { connectTournamentFeed, tournamentFeedUrl, type TournamentFeedState } from './tournament-socket';

/** A socket the test drives: what the page sent, and open/message/close as a server would. */
class FakeSocket extends EventTarget {
  readonly sent: string[] = [];
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.dispatchEvent(new Event('close'));
  }
  serverSends(message: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

const frame = (seq: number, revision: number): TournamentFeedFrame => ({
  type: 'tournament',
  tournamentId: 'ko',
  seq,
  view: { ...knockoutView, revision },
});

describe('the tournament feed connection', () => {
  it('is the server’s own host at /ws/tournament', () => {
    expect(tournamentFeedUrl({ protocol: 'https:', host: 'tv.example:8443' })).toBe(
      'wss://tv.example:8443/ws/tournament',
    );
    expect(tournamentFeedUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ws/tournament',
    );
  });

  it('watches on open, shows each frame, shows a refusal, and watches again after a drop', async () => {
    const sockets: FakeSocket[] = [];
    const states: TournamentFeedState[] = [];
    const connection = connectTournamentFeed({
      url: 'ws://x/ws/tournament',
      tournamentId: 'ko',
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      onState: (state) => states.push(state),
      retryDelay: () => 0,
    });
    const first = sockets[0];
    if (first === undefined) throw new Error('no socket opened');
    first.dispatchEvent(new Event('open'));
    expect(first.sent).toEqual([JSON.stringify({ type: 'watchTournament', tournamentId: 'ko' })]);
    first.serverSends(frame(1, 5));
    expect(states.at(-1)).toMatchObject({ connected: true, error: null, view: { revision: 5 } });
    first.serverSends({
      type: 'error',
      code: 'unknown-tournament',
      message: 'tournamentId "ko": no such tournament',
    });
    expect(states.at(-1)?.error).toBe('tournamentId "ko": no such tournament');

    first.dispatchEvent(new Event('close'));
    expect(states.at(-1)).toMatchObject({ connected: false, view: { revision: 5 } });
    await vi.waitFor(() => {
      expect(sockets).toHaveLength(2);
    });
    sockets[1]?.dispatchEvent(new Event('open'));
    expect(sockets[1]?.sent).toHaveLength(1);
    sockets[1]?.serverSends(frame(1, 9));
    expect(states.at(-1)).toMatchObject({ connected: true, error: null, view: { revision: 9 } });

    connection.close();
    expect(sockets).toHaveLength(2);
  });
});
