import { expect } from 'vitest';
import type { FeedSocket } from '../../broadcast/testing/feed-socket';
import { playMatchOverHttp } from '../../testing/http-bot-match';
import { TEST_TOKENS } from '../../testing/staff-tokens';
import type { TestServer } from '../../testing/test-server';
import { busReadiness } from './bus-readiness';

/** Far enough into a one-deal match that the gateway has served frames, with many still to come. */
const FAULT_AT_REVISION = 20;

export interface FaultMidFeed<T> {
  /** The match's last revision. */
  readonly last: number;
  /** The match's revision when the fault started. */
  readonly injectedAt: number;
  /** What `inject` returned. */
  readonly injected: T;
}

/**
 * Plays a one-deal bot match through the full server's HTTP API with a fault started mid-feed:
 * before the first command at revision 20 or later, once the gateway's spectator has that
 * revision's frame and the gateway's feed-bus check is 200, `inject` runs; then the match goes on
 * while the fault lasts. A match over before revision 20 throws.
 */
export async function playWithFaultMidFeed<T>(options: {
  readonly full: TestServer;
  readonly gateway: TestServer;
  /** The gateway's spectator, subscribed to the match. */
  readonly spectator: FeedSocket;
  readonly matchId: string;
  readonly seed: string;
  readonly inject: (revision: number) => T | Promise<T>;
}): Promise<FaultMidFeed<T>> {
  let fault: { readonly at: number; readonly injected: T } | undefined;
  const last = await playMatchOverHttp({
    url: options.full.url,
    matchId: options.matchId,
    seed: options.seed,
    operatorToken: TEST_TOKENS.operatorT1,
    format: { kind: 'fixedDeals', deals: 1 },
    beforeCommand: async (revision) => {
      if (fault !== undefined || revision < FAULT_AT_REVISION) return;
      // The frames so far reached the gateway: the fault starts mid-feed.
      await options.spectator.until((m) => m.type === 'feed' && m.view?.revision === revision);
      expect(await busReadiness(options.gateway)).toMatchObject({ status: 200, check: { ok: true } });
      fault = { at: revision, injected: await options.inject(revision) };
    },
  });
  if (fault === undefined) throw new Error(`the match ended before revision ${String(FAULT_AT_REVISION)}`);
  return { last, injectedAt: fault.at, injected: fault.injected };
}
