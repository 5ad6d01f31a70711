import { guandanHttpBots, guandanMatchRequest, readGuandanForBots } from '@tablecast/games/testing';
import type { CreateMatchRequest } from '@tablecast/protocol';

/** A command the server accepted, with its key and the answer it gave. */
export interface AcceptedBotCommand {
  readonly url: string;
  readonly idempotencyKey: string;
  readonly revision: number;
  readonly events: readonly { readonly type: string; readonly revision: number }[];
}

export interface HttpBotMatchOptions {
  /**
   * Base URL of a full server (TABLECAST_ROLE=all), or of several api processes on one log: each
   * step (its reads and its command) then goes to the next of them in turn.
   */
  readonly url: string | readonly string[];
  readonly matchId: string;
  readonly seed: string;
  /** An operator token for table `t1`. */
  readonly operatorToken: string;
  readonly format: CreateMatchRequest['format'];
  /** Hears every command accepted (not the match's creation). */
  readonly onAccepted?: (accepted: AcceptedBotCommand) => void;
  /** Awaited before each command with the match's revision then: a test acts mid-match there. */
  readonly beforeCommand?: (revision: number) => Promise<void>;
}

/**
 * Creates a match and plays it to its end with the seeded bots through the server's HTTP API —
 * one POST per command, as an operator's console sends them — for tests that need the server to
 * run in a way only its HTTP edge reaches (another process's gateway, say). Returns the last revision.
 */
export async function playMatchOverHttp(options: HttpBotMatchOptions): Promise<number> {
  const urls = typeof options.url === 'string' ? [options.url] : options.url;
  let url = urls[0] ?? '';
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${options.operatorToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
    return JSON.parse(text) as unknown;
  };
  await call('POST', '/api/matches', guandanMatchRequest(options.matchId, options.format));
  const bots = guandanHttpBots(options.seed);
  const read = (path: string): Promise<unknown> => call('GET', path);
  /** The revision of the last command accepted: the next read waits until the projections have it. */
  let seen = 0;
  for (let key = 1; ; key += 1) {
    url = urls[key % urls.length] ?? url;
    const { revision, state } = await readGuandanForBots(read, options.matchId, seen);
    if (state.status === 'ended') return revision;
    await options.beforeCommand?.(revision);
    const command = bots(state);
    const idempotencyKey = `${options.matchId}.${String(key)}`;
    const accepted = (await call('POST', `/api/matches/${options.matchId}/commands`, {
      revision,
      idempotencyKey,
      command,
    })) as Omit<AcceptedBotCommand, 'url' | 'idempotencyKey'>;
    options.onAccepted?.({ url, idempotencyKey, revision: accepted.revision, events: accepted.events });
    seen = accepted.revision;
  }
}
