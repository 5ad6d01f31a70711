import { seededPrng, type Prng } from '@tablecast/cards';
import { botCommand, toClientCommand } from '@tablecast/bots';
import { foldGuandanTimeline, type GuandanState, type TimelineEvent } from '@tablecast/games/testing';
import type { ClientCommand } from '@tablecast/protocol';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import type { MatchCommandService } from '../../matches/match-command.service';

/** The seeded bots' next command at a Guandan table: a move, or the next deal when nobody has one. */
function nextCommand(state: GuandanState, prng: Prng, seed: string, deal: number): ClientCommand {
  const next = botCommand(state, prng);
  return next === null ? { type: 'DealCards', seed: `${seed}/deal-${String(deal)}` } : toClientCommand(next);
}

/**
 * Plays a created Guandan match with the seeded bots through the match service, as a table's
 * console sends commands, until it has ended or `stopAfter` commands were sent. Returns whether it ended.
 */
export async function playTable(
  matches: MatchCommandService,
  matchId: string,
  seed: string,
  stopAfter = Infinity,
): Promise<boolean> {
  const prng = seededPrng(seed);
  for (let sent = 0; sent < stopAfter; sent += 1) {
    const match = await matches.get(matchId);
    if (match.state.status === 'ended') return true;
    await matches.execute(
      matchId,
      {
        revision: match.revision,
        idempotencyKey: `${matchId}.${seed.replace(/[^A-Za-z0-9_.:-]/g, '_')}.${String(sent)}`,
        command: nextCommand(match.state, prng, seed, match.revision),
      },
      BOT_PRINCIPAL,
    );
  }
  return (await matches.get(matchId)).state.status === 'ended';
}

/**
 * The same over HTTP, as an operator's console: the server sends views, never the engine's state, so
 * the bots fold the match's staff timeline through Guandan's module (reading only the events new
 * since the last command) and POST one command at a time with an operator token for the table.
 * Returns the number of commands sent.
 */
export async function playTableOverHttp(
  url: string,
  token: string,
  matchId: string,
  seed: string,
): Promise<number> {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
    return JSON.parse(text) as unknown;
  };
  const prng = seededPrng(seed);
  const log: TimelineEvent[] = [];
  for (let sent = 0; ; sent += 1) {
    const fresh = (await call(
      'GET',
      `/api/matches/${matchId}/timeline?from=${String((log.at(-1)?.revision ?? -1) + 1)}`,
    )) as TimelineEvent[];
    log.push(...fresh);
    const state = foldGuandanTimeline(log);
    if (state.status === 'ended') return sent;
    const revision = log.at(-1)?.revision ?? -1;
    await call('POST', `/api/matches/${matchId}/commands`, {
      revision,
      idempotencyKey: `${matchId}.${String(sent)}`,
      command: nextCommand(state, prng, seed, revision),
    });
  }
}
