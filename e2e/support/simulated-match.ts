import { sensibleCommand, toClientCommand } from '@tablecast/bots';
import { doubleDeck, faceOfCard, seededPrng, seededShuffle } from '@tablecast/cards';
import {
  foldGuandanTimeline,
  type GuandanState as MatchState,
  type TimelineEvent,
} from '@tablecast/games/testing';
import type { ClientCommand, CreateMatchRequest } from '@tablecast/protocol';
import { apiCall } from './api-call';

/**
 * A match played by the seeded bots through the real HTTP API of a running server (the command
 * path an operator's console uses). Same seed, same match: the shuffles are seeded too, so the
 * overlay fixtures, the browser tests and the benchmark can stop it at a fixed revision.
 */
export interface SimulatedMatch {
  readonly matchId: string;
  /** Plays until `stop` says so (checked before each command) or the match ends; returns the state then. */
  playUntil(
    stop: (state: MatchState, revision: number) => boolean,
  ): Promise<{ state: MatchState; revision: number }>;
  /** One staff command with the referee token (a penalty, say); returns the new revision. */
  referee(command: ClientCommand): Promise<number>;
}

export interface SimulatedMatchOptions {
  readonly url: string;
  readonly matchId: string;
  readonly seed: string;
  /** An operator token for the match's table. */
  readonly operatorToken: string;
  /** The match's table; `t1` when absent. */
  readonly table?: string;
  readonly refereeToken: string;
  /** The game format (GD-FMT-1…4); the server's default (to past A) when absent. */
  readonly format?: CreateMatchRequest['format'];
  /**
   * Plays at about this many events per second, as a real table would (a command that writes
   * several events waits for all of them); absent: as fast as the server takes commands. Each
   * `playUntil` call keeps its own schedule from its start, so a late answer is caught up on the
   * next sends instead of slowing the whole match.
   */
  readonly eventsPerSecond?: number;
}

const TEAMS = { NS: { id: 'jiangsu', name: '江苏队' }, EW: { id: 'anhui', name: '安徽队' } };
const PLAYERS = [
  { id: 'zhang-wei', name: '张伟', seat: 'S' },
  { id: 'li-na', name: '李娜', seat: 'E' },
  { id: 'wang-fang', name: '王芳', seat: 'N' },
  { id: 'liu-yang', name: '刘洋', seat: 'W' },
];

/**
 * A seeded deal with a fixed first-lead cut (DEC-GD-3): without `cutIndex` the server derives the
 * cut from the deal's random salt, and the first leader, hence the whole match, would change from
 * run to run. The index is the first card from the middle of the seeded order that needs no recut
 * (no joker, no ♥2, under any ruleset).
 */
function dealCommand(seed: string): ClientCommand {
  const order = seededShuffle(doubleDeck(), seed);
  const cutIndex = order.findIndex((card, i) => i >= 54 && !['BJ', 'RJ', 'H2'].includes(faceOfCard(card)));
  return { type: 'DealCards', seed, cutIndex };
}

export async function createSimulatedMatch(options: SimulatedMatchOptions): Promise<SimulatedMatch> {
  const call = (token: string, method: string, path: string, body?: unknown): Promise<unknown> =>
    apiCall(options.url, token, method, path, body);
  await call(options.operatorToken, 'POST', '/api/matches', {
    matchId: options.matchId,
    table: options.table ?? 't1',
    teams: TEAMS,
    players: PLAYERS,
    ...(options.format === undefined ? {} : { format: options.format }),
  });
  /** The match's log as read so far: it only grows, so each read fetches what follows. */
  const log: TimelineEvent[] = [];
  /**
   * The staff view's revision and the engine state the bots move by, folded here from the match's
   * timeline through the registry: the server sends views, never the engine's state.
   */
  const state = async (): Promise<{ revision: number; state: MatchState }> => {
    const path = `/api/matches/${options.matchId}/state?minRevision=${String(seen)}`;
    const { revision } = (await call(options.operatorToken, 'GET', path)) as { revision: number };
    if (log.length <= revision) {
      const from = `/api/matches/${options.matchId}/timeline?from=${String(log.length)}`;
      log.push(...((await call(options.operatorToken, 'GET', from)) as TimelineEvent[]));
    }
    return { revision, state: foldGuandanTimeline(log.filter((entry) => entry.revision <= revision)) };
  };
  /** The revision of the last command accepted: a read waits until the projections have it. */
  let seen = -1;
  const send = async (token: string, revision: number, command: ClientCommand): Promise<number> => {
    key += 1;
    const answer = (await call(token, 'POST', `/api/matches/${options.matchId}/commands`, {
      revision,
      idempotencyKey: `${options.matchId}.${String(key)}`,
      command,
    })) as { revision: number };
    seen = Math.max(seen, answer.revision);
    return answer.revision;
  };
  const prng = seededPrng(options.seed);
  const pace = options.eventsPerSecond;
  if (pace !== undefined && !(Number.isFinite(pace) && pace > 0)) {
    throw new Error(`eventsPerSecond must be a positive number, got ${String(pace)}`);
  }
  let key = 0;
  let deals = 0;
  return {
    matchId: options.matchId,
    async playUntil(stop) {
      const startedMs = performance.now();
      let firstRevision: number | null = null;
      for (;;) {
        const current = await state();
        firstRevision ??= current.revision;
        if (current.state.status === 'ended' || stop(current.state, current.revision)) return current;
        if (pace !== undefined) {
          // The next event is due once the events written so far have had their share of time.
          const dueMs = startedMs + ((current.revision - firstRevision) * 1000) / pace;
          const waitMs = dueMs - performance.now();
          if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        }
        const bot = sensibleCommand(current.state, prng);
        if (bot === null) deals += 1;
        const command: ClientCommand =
          bot === null ? dealCommand(`${options.seed}/deal-${String(deals)}`) : toClientCommand(bot);
        await send(options.operatorToken, current.revision, command);
      }
    },
    async referee(command) {
      return send(options.refereeToken, (await state()).revision, command);
    },
  };
}
