import { ddzCga2017 } from '@tablecast/doudizhu';
import { openTablecastEventStore, type StoredEvent } from '@tablecast/event-store';
import { matchStream } from '@tablecast/events';
import { matchLogCatalog } from '@tablecast/games';
import { expect } from 'vitest';

/** The turn clock's idempotency keys (`turn-clock:<timed revision>`) as the log records them. */
const CLOCK_CAUSATION = /^command:turn-clock:(\d+)$/;

/**
 * A 斗地主 match nobody plays: one board dealt, every bid left to the control holder's turn clock
 * (DDZ-BID-6, 1 s a turn). Three 不叫 pass the board out and it is redealt (DDZ-BID-5), so the
 * clock keeps timing turns for as long as a control process holds the lease: what control visibly
 * does, one default a second.
 */
export async function createClockedMatch(options: {
  readonly api: string;
  readonly matchId: string;
  readonly operatorToken: string;
}): Promise<{ readonly dealtAt: number }> {
  const post = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetch(`${options.api}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path}: ${String(response.status)} ${text}`);
    return JSON.parse(text) as unknown;
  };
  await post('/api/matches', {
    game: 'doudizhu',
    matchId: options.matchId,
    table: 't1',
    ruleset: { ...ddzCga2017, bidSeconds: 1, doubleSeconds: 1, playSeconds: 1 },
    players: [
      { id: 'p0', name: '赵一', seat: 0 },
      { id: 'p1', name: '钱二', seat: 1 },
      { id: 'p2', name: '孙三', seat: 2 },
    ],
  });
  const dealt = (await post(`/api/matches/${options.matchId}/commands`, {
    game: 'doudizhu',
    revision: 0,
    idempotencyKey: `${options.matchId}.deal`,
    command: { type: 'DealBoard', board: 1, seed: `${options.matchId}-board-1` },
  })) as { revision: number };
  return { dealtAt: dealt.revision };
}

/**
 * The match's stream as the shared log holds it now, through one store the test keeps open (one
 * opened for each look, every 50 ms, would contend with the processes' appends for the file).
 */
export function matchReader(logDir: string): {
  read(matchId: string): Promise<readonly StoredEvent[]>;
  close(): Promise<void>;
} {
  let store: ReturnType<typeof openTablecastEventStore> | undefined;
  return {
    read: (matchId) => {
      store ??= openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
      return store.log.readStream(matchStream(matchId));
    },
    close: async () => {
      await store?.close();
    },
  };
}

/** The stream revisions the turn clock sent a default against, in log order, each as often as recorded. */
export const clockDefaults = (stream: readonly StoredEvent[]): number[] => {
  const timed: number[] = [];
  let previous: string | null = null;
  for (const event of stream) {
    const causation = event.metadata.causationId;
    const match = causation === null ? null : CLOCK_CAUSATION.exec(causation);
    if (match !== null && causation !== previous) timed.push(Number(match[1]));
    previous = causation;
  }
  return timed;
};

/**
 * TC-SCALE-1 across a failover of the control holder: every bid after the deal is the clock's
 * default (DDZ-BID-6), each turn timed once, at the revision it timed and no other. Each default's
 * events start right after the revision it timed; a second default of one turn (two holders at
 * once, or a clock sending without its revision) would show as a repeated or skipped revision.
 */
export function expectEachTurnTimedOnce(stream: readonly StoredEvent[], dealtAt: number): void {
  expect(stream.map((event) => event.revision)).toEqual(stream.map((_, index) => index));
  const timed = clockDefaults(stream);
  expect(new Set(timed).size).toBe(timed.length);
  for (const event of stream.slice(dealtAt + 1)) {
    const match = CLOCK_CAUSATION.exec(event.metadata.causationId ?? '');
    expect(match, `revision ${String(event.revision)} is not the clock's`).not.toBeNull();
  }
  // Each default's first event is the one right after the revision it timed.
  for (const revision of timed) {
    expect(stream[revision + 1]?.metadata.causationId).toBe(`command:turn-clock:${String(revision)}`);
    expect(stream[revision]?.metadata.causationId).not.toBe(`command:turn-clock:${String(revision)}`);
  }
}
