import { matchStream } from '@tablecast/events';
import { guandanBotGame, type GuandanEvent } from '@tablecast/games/testing';
import type { AppEventStore } from '../event-store/event-store.module';

/**
 * The events of a one-deal Guandan match played to its end (`MatchEnded` last) by the rules engine
 * with random legal bots, for tests that need a finished match in the log without playing it
 * through the server.
 */
export const finishedGuandan = (seed: string): readonly GuandanEvent[] =>
  guandanBotGame(seed, { kind: 'fixedDeals', deals: 1 });

/** The metadata a test writes events with directly into the log. */
export const TEST_EVENT_METADATA = {
  correlationId: 'test',
  causationId: null,
  actor: { id: 'test', role: 'operator' as const },
};

/** A finished match (`finishedGuandan(matchId)`) appended to the log as a new stream; its end's revision. */
export async function appendFinishedGuandan(store: AppEventStore, matchId: string): Promise<number> {
  const events = finishedGuandan(matchId).map((event) => ({ ...event, metadata: TEST_EVENT_METADATA }));
  await store.append(matchStream(matchId), events, 'no_stream');
  return events.length - 1;
}
