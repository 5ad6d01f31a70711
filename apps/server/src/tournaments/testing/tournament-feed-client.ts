import type { TournamentFeedFrame, TournamentFeedServerMessage } from '@tablecast/protocol';
import WebSocket from 'ws';

/** A real ws client of /ws/tournament that keeps every message it receives. */
export async function feedClient(url: string): Promise<{
  socket: WebSocket;
  received: TournamentFeedServerMessage[];
  texts: string[];
  watch: (tournamentId: string) => void;
}> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/tournament`);
  const received: TournamentFeedServerMessage[] = [];
  const texts: string[] = [];
  socket.on('message', (data: Buffer) => {
    texts.push(data.toString('utf8'));
    received.push(JSON.parse(data.toString('utf8')) as TournamentFeedServerMessage);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      resolve();
    });
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    texts,
    watch: (tournamentId) => {
      socket.send(JSON.stringify({ type: 'watchTournament', tournamentId }));
    },
  };
}

/** The tournament frames among what a client received. */
export const frames = (received: readonly TournamentFeedServerMessage[]): TournamentFeedFrame[] =>
  received.filter((m): m is TournamentFeedFrame => m.type === 'tournament');
