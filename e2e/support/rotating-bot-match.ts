import { guandanHttpBots, guandanMatchRequest, readGuandanForBots } from '@tablecast/games/testing';

/** A command the servers acknowledged: its key and the revisions of the events it wrote. */
export interface AcknowledgedCommand {
  readonly idempotencyKey: string;
  readonly revisions: readonly number[];
}

/** How long a request waits for its answer before it counts as lost. */
const ANSWER_TIMEOUT_MS = 20_000;

export interface RotatingBotMatch {
  /** Plays until the match's revision reaches `revision` or the match ends; returns the revision then. */
  playUntil(revision: number): Promise<{ revision: number; ended: boolean }>;
  readonly acknowledged: readonly AcknowledgedCommand[];
  /** Commands sent again to another process after the first one's answer was lost. */
  readonly retried: number;
}

/**
 * A refused connection, one cut mid-answer, or no answer in time: the process is gone or stuck,
 * and the command may or may not be in.
 */
const isLostAnswer = (error: unknown): boolean =>
  error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');

/**
 * A seeded bot match (one fixed deal) played through several api processes in turn, each step
 * (its reads and its command) on the next process `apis()` lists. A command whose answer is lost
 * (the process was killed) is sent again, byte for byte with its idempotency key, to the next
 * live process: the log holds it once either way.
 */
export async function createRotatingBotMatch(options: {
  readonly apis: () => readonly string[];
  readonly matchId: string;
  readonly seed: string;
  readonly operatorToken: string;
}): Promise<RotatingBotMatch> {
  let turn = 0;
  let retried = 0;
  const acknowledged: AcknowledgedCommand[] = [];
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    for (let attempt = 0; ; attempt += 1) {
      const live = options.apis();
      const url = live[turn % live.length] ?? '';
      try {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { authorization: `Bearer ${options.operatorToken}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${url}${path}: ${String(response.status)} ${text}`);
        return JSON.parse(text) as unknown;
      } catch (error) {
        if (!isLostAnswer(error) || attempt >= 20) throw error;
        if (method === 'POST') retried += 1;
        turn += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await call('POST', '/api/matches', guandanMatchRequest(options.matchId));
  const bots = guandanHttpBots(options.seed);
  const read = (path: string): Promise<unknown> => call('GET', path);
  let seen = 0;
  let key = 0;
  return {
    acknowledged,
    get retried() {
      return retried;
    },
    async playUntil(target) {
      for (;;) {
        turn += 1;
        const { revision, state } = await readGuandanForBots(read, options.matchId, seen);
        if (state.status === 'ended') return { revision, ended: true };
        if (revision >= target) return { revision, ended: false };
        const command = bots(state);
        key += 1;
        const idempotencyKey = `${options.matchId}.${String(key)}`;
        const accepted = (await call('POST', `/api/matches/${options.matchId}/commands`, {
          revision,
          idempotencyKey,
          command,
        })) as { revision: number; events: { revision: number }[] };
        acknowledged.push({ idempotencyKey, revisions: accepted.events.map((event) => event.revision) });
        seen = accepted.revision;
      }
    },
  };
}
