import { seededPrng, type Prng } from '@tablecast/cards';
import type { CommandAccepted } from '@tablecast/protocol';
import { MatchCommandService } from '../../matches/match-command.service';
import type { TestServer } from '../../testing/test-server';
import type { ApiResponse, MatchClient } from '../../testing/match-client';

/** What the HTTP helpers need of a board game (Dou Dizhu, Big Two) to create and play its matches. */
export interface HttpGame<S> {
  readonly game: string;
  /** Prefix of the idempotency keys, so two games' commands never share one. */
  readonly keyPrefix: string;
  readonly createRequest: (matchId: string, table: string) => unknown;
  /** A random legal move, or null when the seat to act has none. */
  readonly randomMove: (state: S, prng: Prng) => object | null;
  readonly boardInProgress: (state: S) => boolean;
}

/** A board game's matches driven over HTTP as a table's console drives them, for the board specs. */
export interface GameHttp<S> {
  /** Creates a match over HTTP; answers its revision. */
  readonly create: (client: MatchClient, matchId: string, table: string) => Promise<number>;
  /** Sends one command over HTTP at `revision`. */
  readonly send: (
    client: MatchClient,
    matchId: string,
    revision: number,
    command: object,
  ) => Promise<ApiResponse<CommandAccepted & { rule?: string }>>;
  /** The match's revision and state as the command path folds it. */
  readonly stateOf: (server: TestServer, matchId: string) => Promise<{ revision: number; state: S }>;
  /** Plays the board in progress to its end with random legal moves sent over HTTP. */
  readonly playOut: (server: TestServer, client: MatchClient, matchId: string, seed: string) => Promise<void>;
}

export function gameHttp<S>(game: HttpGame<S>): GameHttp<S> {
  let key = 0;
  const self: GameHttp<S> = {
    create: async (client, matchId, table) => {
      const created = await client.request<CommandAccepted>(
        'POST',
        '/api/matches',
        game.createRequest(matchId, table),
      );
      if (created.status !== 201) throw new Error(`create ${matchId}: ${JSON.stringify(created.body)}`);
      return created.body.revision;
    },
    send: (client, matchId, revision, command) => {
      key += 1;
      return client.request('POST', `/api/matches/${matchId}/commands`, {
        game: game.game,
        revision,
        idempotencyKey: `${game.keyPrefix}-${String(key).padStart(6, '0')}`,
        command,
      });
    },
    stateOf: async (server, matchId) => {
      const match = await server.app.get(MatchCommandService).read(matchId);
      return { revision: match.revision, state: match.state as S };
    },
    playOut: async (server, client, matchId, seed) => {
      const prng = seededPrng(seed);
      for (let moves = 0; moves < 500; moves += 1) {
        const { revision, state } = await self.stateOf(server, matchId);
        if (!game.boardInProgress(state)) return;
        const next = game.randomMove(state, prng);
        if (next === null) return;
        const answer = await self.send(client, matchId, revision, next);
        if (answer.status !== 200) throw new Error(`${matchId}: ${JSON.stringify(answer.body)}`);
      }
      throw new Error(`${matchId}: the board did not end`);
    },
  };
  return self;
}
