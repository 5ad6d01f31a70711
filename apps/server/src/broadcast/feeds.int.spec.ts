import { verifyDeckCommitment } from '@tablecast/cards';
import { guandanModule, type GuandanEvent } from '@tablecast/games/testing';
import { matchStream } from '@tablecast/events';
import type { ServerMessage } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { driveMatch } from '@tablecast/bots';
import { TEST_TOKENS } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';
import { FeedSocket } from './testing/feed-socket';
import { heldAfterEachRevision } from './testing/held-cards';
import { expectNoHeldCardInVenueFrames } from './testing/venue-leak-scan';

const DELAY_MS = 1_500;
describe('match feeds over real websockets (bot-played deal, 1.5 s delay)', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: String(DELAY_MS) });

  it('venue never carries a held card, broadcast nothing early, staff the whole log; resume has no gap', async () => {
    const matchId = 'feed_e2e_1';
    const venue = await FeedSocket.open(suite.server);
    const broadcast = await FeedSocket.open(suite.server);
    const staff = await FeedSocket.open(suite.server);
    const unknown = await FeedSocket.open(suite.server);
    const dropped = await FeedSocket.open(suite.server);
    for (const [client, audience] of [
      [venue, 'venue'],
      [broadcast, 'broadcast'],
      [unknown, 'press-room'],
      [dropped, 'venue'],
    ] as const) {
      client.send({ type: 'subscribe', matchId, audience });
      await client.until((m) => m.type === 'subscribed');
    }
    staff.send({ type: 'subscribe', matchId, audience: 'staff' });
    expect(await staff.until((m) => m.type === 'error')).toMatchObject({ code: 'forbidden' });
    await staff.subscribeAsStaff(matchId, TEST_TOKENS.referee);
    expect(unknown.messages.find((m) => m.type === 'subscribed')).toMatchObject({ audience: 'venue' });

    // Drop one venue connection mid-deal and resume it with its last seq.
    let resumed: FeedSocket | undefined;
    let lastSeqBeforeDrop = 0;
    const dropAndResume = (async (): Promise<void> => {
      await dropped.until((m) => m.type === 'feed' && m.seq >= 40);
      await dropped.close();
      lastSeqBeforeDrop = Math.max(...dropped.frames().map((f) => f.seq));
      resumed = await FeedSocket.open(suite.server);
      resumed.send({ type: 'subscribe', matchId, audience: 'venue', lastSeq: lastSeqBeforeDrop });
    })();

    await driveMatch(suite.matches, {
      matchId,
      table: 't1',
      seed: 'feeds-e2e',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
      delayMs: 3,
    });
    await dropAndResume;
    const recorded = await suite.store.readStream(matchStream(matchId));
    const last = recorded.length - 1;
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as GuandanEvent);
    const dueAt = recorded.map((e) => Date.parse(e.metadata.recordedAt) + DELAY_MS);
    const held = heldAfterEachRevision(guandanModule, events);

    await venue.until((m) => m.type === 'feed' && m.view?.revision === last);
    await broadcast.until((m) => m.type === 'feed' && m.view?.revision === last, 30_000);
    await staff.until((m) => m.type === 'feed' && m.event?.revision === last);
    await unknown.until((m) => m.type === 'feed' && m.view?.revision === last);
    const resumedClient = resumed;
    if (resumedClient === undefined) throw new Error('the dropped client never reconnected');
    await resumedClient.until((m) => m.type === 'feed' && m.view?.revision === last);

    // Venue (and the unknown audience it stands for): every raw frame, every card id in it.
    for (const client of [venue, unknown, dropped, resumedClient])
      expectNoHeldCardInVenueFrames(client, held);
    expect(venue.frames().length).toBeGreaterThan(100);

    // Broadcast: no event, and no view including an event, before its due time.
    let released = 0;
    for (const { text, at } of broadcast.raw) {
      const frame = JSON.parse(text) as ServerMessage;
      if (frame.type !== 'feed') continue;
      const revisions = [frame.event?.revision, frame.view?.revision].filter((r) => r !== undefined);
      for (const revision of revisions) {
        expect(at, `broadcast seq ${String(frame.seq)} revision ${String(revision)}`).toBeGreaterThanOrEqual(
          dueAt[revision] ?? Number.POSITIVE_INFINITY,
        );
      }
      if (frame.status.state === 'delayBuilding') expect(frame.view).toBeNull();
      if (frame.event !== null) released += 1;
    }
    expect(released).toBe(recorded.length);
    expect(broadcast.frames()[0]?.status).toMatchObject({ state: 'delayBuilding', reason: 'starting' });

    // Commit-reveal on air: the venue had the commitment live; the broadcast's reveal verifies it.
    const commitment = venue.frames().find((f) => f.view?.deck?.commitment)?.view?.deck?.commitment;
    const revealed = broadcast.frames().find((f) => f.view?.deck?.salt != null)?.view?.deck;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(venue.frames().some((f) => f.view?.deck?.salt != null)).toBe(false);
    expect(revealed?.commitment).toBe(commitment);
    expect(verifyDeckCommitment(commitment ?? '', revealed?.order ?? [], revealed?.salt ?? '')).toBe(true);

    // Staff: the log, in order, untouched.
    const staffEvents = staff.frames().map((f) => f.event);
    expect(staffEvents.map((e) => [e?.type, e?.revision, e?.data])).toEqual(
      recorded.map((e) => [e.type, e.revision, e.data]),
    );

    // Resume: the dropped client's frames plus the resumed ones are exactly the steady client's.
    expect(resumedClient.messages.find((m) => m.type === 'subscribed')).toMatchObject({
      resumed: true,
    });
    const seqs = [...dropped.frames(), ...resumedClient.frames()].map((f) => f.seq);
    expect(seqs).toEqual(venue.frames().map((f) => f.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const rawFeed = (client: FeedSocket): string[] =>
      client.raw.map((r) => r.text).filter((t) => t.startsWith('{"type":"feed"'));
    expect([...rawFeed(dropped), ...rawFeed(resumedClient)]).toEqual(rawFeed(venue));
    expect(lastSeqBeforeDrop).toBeGreaterThanOrEqual(40);

    for (const client of [venue, broadcast, staff, unknown, resumedClient]) await client.close();
  }, 90_000);

  it('gives a late subscriber a snapshot first, and the ledger to staff only', async () => {
    const matchId = 'feed_e2e_2';
    // The producer follows the log on its own (in its thread with FEEDS_THREAD=worker): the last
    // commands' frames may still be on their way when driveMatch returns. The late subscriber comes
    // once a venue client has seen the last revision, so its snapshot must be of that revision.
    const early = await FeedSocket.open(suite.server);
    early.send({ type: 'subscribe', matchId, audience: 'venue' });
    await early.until((m) => m.type === 'subscribed');
    await driveMatch(suite.matches, {
      matchId,
      table: 't1',
      seed: 'feeds-e2e-2',
      ruleset: 'cga2017',
      format: { kind: 'fixedDeals', deals: 1 },
    });
    const recorded = await suite.store.readStream(matchStream(matchId));
    await early.until((m) => m.type === 'feed' && m.view?.revision === recorded.length - 1);
    await early.close();
    const late = await FeedSocket.open(suite.server);
    late.send({ type: 'subscribe', matchId, audience: 'venue' });
    await late.until((m) => m.type === 'feed');
    const ack = late.messages.find((m) => m.type === 'subscribed');
    const first = late.frames()[0];
    expect(ack).toMatchObject({ resumed: false });
    expect(first?.seq).toBe(ack?.type === 'subscribed' ? ack.latestSeq : -1);
    expect(first?.view?.revision).toBe(recorded.length - 1);
    await late.close();

    const anonymous = await fetch(`${suite.server.url}/api/matches/${matchId}/disclosures`);
    expect(anonymous.status).toBe(401);
    const operator = await fetch(`${suite.server.url}/api/matches/${matchId}/disclosures`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.operatorT1}` },
    });
    expect(operator.status).toBe(403);
    const ledger = async (): Promise<{
      broadcastDelayMs: number;
      entries: {
        eventType: string | null;
        recordedAt: string | null;
        releasedAt: number;
        position: string | null;
      }[];
    }> => {
      const response = await fetch(
        `${suite.server.url}/api/matches/${matchId}/disclosures?audience=broadcast`,
        {
          headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
        },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as Awaited<ReturnType<typeof ledger>>;
    };
    const deadline = Date.now() + 20_000;
    let body = await ledger();
    while (
      body.entries.filter((e) => e.eventType !== null).length < recorded.length &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      body = await ledger();
    }
    expect(body.broadcastDelayMs).toBe(DELAY_MS);
    const releases = body.entries.filter((e) => e.eventType !== null);
    expect(releases.map((e) => e.eventType)).toEqual(recorded.map((e) => e.type));
    for (const entry of releases) {
      expect(entry.releasedAt).toBeGreaterThanOrEqual(Date.parse(entry.recordedAt ?? '') + DELAY_MS);
      expect(entry.position).toMatch(/^\d+/);
    }
  }, 60_000);
});
