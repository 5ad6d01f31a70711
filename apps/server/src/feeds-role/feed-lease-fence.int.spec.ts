import { createInProcessBus, type BusMessage, type FeedBus } from '@tablecast/bus';
import { LeaseFencedError, openTablecastEventStore, type Lease } from '@tablecast/event-store';
import { matchLogCatalog } from '@tablecast/games';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { describe, expect, it } from 'vitest';
import { DisclosureStore } from '../broadcast/disclosure-store';
import type { FeedProducer } from '../broadcast/feed-producer.service';
import { feedsRoleProducer } from '../broadcast/feeds-role-producer';
import { loadConfig } from '../config';
import { MatchCommandService } from '../matches/match-command.service';
import { playBotCommands } from '../testing/bot-commands';
import { newMatchRequest } from '../testing/match-client';
import { sharedLogWriter } from './testing/shared-log-writer';

const TTL_MS = 5_000;

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What reached the bus's subscribers, per match. */
function collector(bus: FeedBus, matchId: string): Promise<BusMessage[]> {
  const received: BusMessage[] = [];
  return bus
    .subscribe((message) => {
      if (message.matchId === matchId) received.push(message);
    })
    .then(() => received);
}

const venueSeqs = (messages: readonly BusMessage[]): number[] =>
  messages.filter((m) => m.audience === 'venue').map((m) => m.seq);

/**
 * The feeds role's producer on a log shared with a command server: each producer here is what
 * one feeds process runs, over its own connections to the shared log and ledger, with its lease
 * clock stepped by the test so a takeover needs no waiting (TC-SCALE-1).
 */
describe('the feed producer under the fenced feed lease', () => {
  const shared = sharedLogWriter('tablecast-shared-log-');
  const { logDir, opened } = shared;
  let leaseTime = 1_000;
  const leaseNow = (): number => leaseTime;

  /** One feeds process's producer, its ledger connection and its lease store (not started). */
  function feedsProcess(bus: FeedBus): {
    producer: FeedProducer;
    disclosures: DisclosureStore;
    hold(lease: Lease): void;
    leases: ReturnType<DisclosureStore['leaseStore']>;
  } {
    const store = openTablecastEventStore({ dataDir: logDir }, matchLogCatalog);
    const disclosures = new DisclosureStore(logDir);
    opened.push(store, disclosures);
    const leases = disclosures.leaseStore(leaseNow);
    const producer = feedsRoleProducer(loadConfig({ TABLECAST_DATA_DIR: logDir }), store, bus, disclosures);
    return {
      producer,
      disclosures,
      leases,
      hold: (lease) => {
        producer.fenceWith(() => {
          leases.assertHeld(lease);
        });
      },
    };
  }

  const play = (matchId: string, count: number, from: number): Promise<void> =>
    playBotCommands(shared.writer.app.get(MatchCommandService), matchId, { seed: matchId, count, from });

  it('TC-SCALE-1: a holder whose lease was taken over records and publishes nothing more, stops, and says so', async () => {
    const matchId = 'fence_1';
    await shared.writer.app.get(MatchCommandService).create(newMatchRequest(matchId), BOT_PRINCIPAL);
    const bus = createInProcessBus();
    const received = await collector(bus, matchId);
    const holder = feedsProcess(bus);
    const claim = await holder.leases.acquire('feeds-fence', 'feeds-a', TTL_MS);
    if (!claim.acquired) throw new Error('the first claim was refused');
    holder.hold(claim.lease);
    const fenced = new Promise<LeaseFencedError>((resolve) => {
      holder.producer.onFenced(resolve);
    });
    await holder.producer.start();
    await play(matchId, 10, 0);
    await until(() => holder.disclosures.list(matchId).length > 0 && received.length > 0, 'the first frames');
    const revisionNow = async (): Promise<number> =>
      (await shared.writer.app.get(MatchCommandService).get(matchId)).revision;
    const atTakeover = await revisionNow();
    await until(
      () => holder.disclosures.list(matchId, 'staff').some((entry) => entry.revision === atTakeover),
      'the staff frame of the last command',
    );

    // Its time runs out unrenewed (a pause); another process takes the lease under the next token.
    leaseTime += TTL_MS;
    const other = new DisclosureStore(logDir);
    opened.push(other);
    expect(await other.leaseStore(leaseNow).acquire('feeds-fence', 'feeds-b', TTL_MS)).toMatchObject({
      acquired: true,
      lease: { token: claim.lease.token + 1 },
    });
    const publishedBefore = received.length;
    const ledgerBefore = other.list(matchId).length;

    await play(matchId, 5, 10);
    const error = await fenced;
    expect(error).toBeInstanceOf(LeaseFencedError);
    expect(error).toMatchObject({ rule: 'TC-SCALE-1', reason: 'taken over' });
    expect(error.message).toContain('feeds-b holds token');
    // Nothing of the events after the takeover was recorded or sent by the former holder.
    expect(received.length).toBe(publishedBefore);
    expect(other.list(matchId).length).toBe(ledgerBefore);
    expect(other.list(matchId).every((entry) => (entry.revision ?? -1) <= atTakeover)).toBe(true);
    await bus.close();
  });

  it('TC-SCALE-1: the next holder first sends again what the bus never acknowledged, then goes on from the ledger: one sequence, each seq the same bytes', async () => {
    const matchId = 'resend_1';
    await shared.writer.app.get(MatchCommandService).create(newMatchRequest(matchId), BOT_PRINCIPAL);
    const bus = createInProcessBus();
    const received = await collector(bus, matchId);
    // A bus that takes the first frames and then goes silent: later ones are never delivered and
    // never acknowledged (a process killed with them still queued for Kafka).
    let accepted = 0;
    const failing: FeedBus = {
      publish: (message) => {
        if (message.matchId !== matchId || (accepted += 1) <= 12) return bus.publish(message);
        return new Promise<void>(() => undefined);
      },
      subscribe: (handler, options) => bus.subscribe(handler, options),
      readLatest: (handler, options) => bus.readLatest(handler, options),
      close: () => Promise.resolve(),
    };
    const first = feedsProcess(failing);
    const firstClaim = await first.leases.acquire('feeds-resend', 'feeds-a', TTL_MS);
    if (!firstClaim.acquired) throw new Error('the first claim was refused');
    first.hold(firstClaim.lease);
    await first.producer.start();
    await play(matchId, 12, 0);
    await until(() => accepted > 30, 'frames past the ones the bus acknowledged');
    const recorded = first.disclosures.list(matchId, 'venue').length;
    // The marks of what the bus acknowledged are written every 200 ms: the rest is unacknowledged.
    await until(
      () =>
        first.disclosures.unpublishedFrames().filter((f) => f.matchId === matchId).length === accepted - 12,
      'the acknowledgement marks',
    );
    const deliveredBefore = venueSeqs(received);
    expect(deliveredBefore.length).toBeLessThan(recorded);
    // It dies: nothing more of it runs.
    await first.producer.stop();

    leaseTime += TTL_MS;
    const next = feedsProcess(bus);
    const claim = await next.leases.acquire('feeds-resend', 'feeds-b', TTL_MS);
    if (!claim.acquired) throw new Error('the takeover was refused');
    next.hold(claim.lease);
    const archived = new Map(
      next.disclosures
        .unpublishedFrames()
        .filter((f) => f.audience === 'venue' && f.matchId === matchId)
        .map((f) => [f.seq, Buffer.from(f.payload).toString('utf8')]),
    );
    expect(archived.size).toBeGreaterThan(0);
    await next.producer.start();
    await play(matchId, 6, 12);
    const last = (await shared.writer.app.get(MatchCommandService).get(matchId)).revision;
    await until(
      () => next.disclosures.list(matchId, 'venue').some((entry) => entry.revision === last),
      'the venue frame of the last command',
    );
    await until(
      () => venueSeqs(received).length === next.disclosures.list(matchId, 'venue').length,
      'every venue frame',
    );

    const seqs = venueSeqs(received);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    for (const message of received.filter((m) => m.audience === 'venue' && archived.has(m.seq))) {
      expect(Buffer.from(message.payload).toString('utf8')).toBe(archived.get(message.seq));
    }
    await next.producer.stop();
    await bus.close();
  });
});
