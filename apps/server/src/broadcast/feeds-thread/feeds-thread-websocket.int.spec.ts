import { driveMatch } from '@tablecast/bots';
import { createInProcessBus, type BusMessage } from '@tablecast/bus';
import { matchStream } from '@tablecast/events';
import { guandanModule, type GuandanEvent } from '@tablecast/games/testing';
import type { FeedFrame } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DisclosureStore } from '../disclosure-store';
import { FeedProducer } from '../feed-producer.service';
import { heldAfterEachRevision } from '../testing/held-cards';
import { FeedSocket } from '../testing/feed-socket';
import { expectNoHeldCardInVenueFrames } from '../testing/venue-leak-scan';
import { systemClock } from '../../clock/clock';
import { loadConfig } from '../../config';
import { staffedServerForSuite } from '../../testing/staffed-server';

const DELAY_MS = 1_000;
const MATCH = 'ws_thread_1';

/** The event and view revision a frame with an event carries (the delayed audiences' releases). */
function released(frame: FeedFrame): unknown[] {
  return frame.event === null ? [] : [[frame.event.type, frame.event.revision, frame.view?.revision ?? null]];
}

describe('a websocket spectator of a FEEDS_THREAD=worker server', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: String(DELAY_MS), FEEDS_THREAD: 'worker' });

  it('gets the frames the producer on the main thread makes of the same log: the venue byte for byte, the broadcast the same releases; no held card on the venue', async () => {
    // Without the thread: the producer's main-thread code, in this process, over the server's
    // own log, with a ledger of its own.
    const dir = mkdtempSync(join(tmpdir(), 'tablecast-thread-ws-'));
    const reference: BusMessage[] = [];
    const referenceBus = createInProcessBus();
    await referenceBus.subscribe((message) => {
      if (message.matchId === MATCH) reference.push(message);
    });
    const ledger = new DisclosureStore(dir);
    const producer = new FeedProducer(
      loadConfig({ TABLECAST_DATA_DIR: dir, BROADCAST_DELAY_MS: String(DELAY_MS) }),
      suite.store,
      referenceBus,
      systemClock,
      { now: () => performance.now() },
      ledger,
    );
    const venue = await FeedSocket.open(suite.server);
    const broadcast = await FeedSocket.open(suite.server);
    try {
      // The server's feeds are the thread's: its readiness says so.
      const ready = (await (await fetch(`${suite.server.url}/readyz`)).json()) as {
        checks: { name: string; ok: boolean; detail?: string }[];
      };
      expect(ready.checks.find((check) => check.name === 'feeds')).toMatchObject({
        ok: true,
        detail: 'feeds thread',
      });
      await producer.start();
      for (const [socket, audience] of [
        [venue, 'venue'],
        [broadcast, 'broadcast'],
      ] as const) {
        socket.send({ type: 'subscribe', matchId: MATCH, audience });
        await socket.until((m) => m.type === 'subscribed');
      }
      await driveMatch(suite.matches, {
        matchId: MATCH,
        table: 't1',
        seed: 'thread-websocket',
        ruleset: 'cga2017',
        format: { kind: 'fixedDeals', deals: 1 },
        delayMs: 3,
      });
      const recorded = await suite.store.readStream(matchStream(MATCH));
      const last = recorded.length - 1;
      await venue.until((m) => m.type === 'feed' && m.view?.revision === last);
      await broadcast.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
      const referenceOf = (audience: string): BusMessage[] =>
        reference.filter((m) => m.audience === audience);
      const deadline = Date.now() + 30_000;
      while (
        referenceOf('broadcast').filter((m) => String(m.payload).includes(`"revision":${String(last)}`))
          .length === 0
      ) {
        if (Date.now() > deadline) throw new Error('the reference producer never released the end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const venueTexts = venue.raw.map((r) => r.text).filter((text) => text.startsWith('{"type":"feed"'));
      expect(venueTexts.length).toBeGreaterThan(50);
      expect(venueTexts).toEqual(referenceOf('venue').map((m) => String(m.payload)));
      expect(broadcast.frames().flatMap(released)).toEqual(
        referenceOf('broadcast').flatMap((m) => released(JSON.parse(String(m.payload)) as FeedFrame)),
      );
      expect(broadcast.frames().flatMap(released)).toHaveLength(recorded.length);
      const held = heldAfterEachRevision(
        guandanModule,
        recorded.map((e) => ({ type: e.type, data: e.data }) as GuandanEvent),
      );
      expectNoHeldCardInVenueFrames(venue, held);
    } finally {
      await venue.close();
      await broadcast.close();
      await producer.onApplicationShutdown();
      await referenceBus.close();
      ledger.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
