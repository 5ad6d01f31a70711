import { seededPrng, type Prng } from '@tablecast/cards';
import { botCommand, toClientCommand } from '@tablecast/bots';
import type { GuandanState } from '@tablecast/games/testing';
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
 * The same over HTTP: one GET of the state and one POST per command, with an operator token for the
 * table, as an operator's console. Returns the number of commands sent.
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
  for (let sent = 0; ; sent += 1) {
    const { revision, state } = (await call('GET', `/api/matches/${matchId}/state`)) as {
      revision: number;
      state: GuandanState;
    };
    if (state.status === 'ended') return sent;
    await call('POST', `/api/matches/${matchId}/commands`, {
      revision,
      idempotencyKey: `${matchId}.${String(sent)}`,
      command: nextCommand(state, prng, seed, revision),
    });
  }
}
