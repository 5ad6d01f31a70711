import { doudizhuModule, type DoudizhuView } from '@tablecast/doudizhu';
import { matchStream } from '@tablecast/events';
import type { FeedFrame, ServerMessage } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { MatchClient } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { staffedServerForSuite } from '../testing/staffed-server';
import { startServerOn } from '../testing/test-server';
import { DdzHttpMatch } from './testing/ddz-http-match';
import { FeedSocket } from './testing/feed-socket';
import { heldAfterEachRevision } from './testing/held-cards';
import { expectNoHeldCardInVenueFrames, streamRevisionOf } from './testing/venue-leak-scan';

const DELAY_MS = 1_000;
const KITTY = ['SA', 'HA', 'CA'];

type DdzFrame = FeedFrame<DoudizhuView & { readonly streamRevision: number }>;
const ddzFrames = (client: FeedSocket): DdzFrame[] => client.frames() as unknown as DdzFrame[];

describe('a Dou Dizhu match on the server’s feeds over real websockets (played over HTTP, 1 s delay)', () => {
  const suite = staffedServerForSuite({ BROADCAST_DELAY_MS: String(DELAY_MS) });

  it('venue: no unplayed card, no unrevealed kitty, no double before both are in; broadcast: nothing before its release; staff: the log', async () => {
    const matchId = 'ddz_feed_1';
    const venue = await FeedSocket.open(suite.server);
    const broadcast = await FeedSocket.open(suite.server);
    const staff = await FeedSocket.open(suite.server);
    for (const [client, audience] of [
      [venue, 'venue'],
      [broadcast, 'broadcast'],
    ] as const) {
      client.send({ type: 'subscribe', matchId, audience });
      await client.until((m) => m.type === 'subscribed');
    }
    await staff.subscribeAsStaff(matchId, TEST_TOKENS.referee);

    const match = new DdzHttpMatch(suite.operator, suite.matches, matchId);
    await match.create();
    await match.playBombBoard(1, 'ddz-feeds-play');

    const recorded = await suite.store.readStream(matchStream(matchId));
    const last = recorded.length - 1;
    expect(recorded[0]?.type).toBe('MatchCreated');
    await venue.until((m) => m.type === 'feed' && m.event?.revision === last);
    await staff.until((m) => m.type === 'feed' && m.event?.revision === last);
    await broadcast.until((m) => m.type === 'feed' && m.event?.revision === last, 30_000);

    // The scan's reference, from the module's secrets: every hand and the face-down kitty.
    const held = heldAfterEachRevision(doudizhuModule, recorded);
    const revisionOf = (type: string): number => recorded.findIndex((e) => e.type === `doudizhu.${type}`);
    expect(held[revisionOf('CardsDealt')]?.size).toBe(54);
    for (const card of KITTY) expect(held[revisionOf('CardsDealt')]?.has(card)).toBe(true);
    expectNoHeldCardInVenueFrames(venue, held);
    expect(venue.frames()).toHaveLength(recorded.length);

    // DDZ-DBL-1: defender 1's double stood sealed alone in the log; no public frame carried it or
    // showed it until both were revealed at once.
    const firstDouble = revisionOf('DoubleChosen');
    const revealed = revisionOf('DoublesRevealed');
    expect(firstDouble).toBeGreaterThan(0);
    expect(revealed).toBeGreaterThan(firstDouble + 1);
    for (const client of [venue, broadcast]) {
      for (const frame of ddzFrames(client)) {
        expect(frame.event?.type ?? '').not.toMatch(/DoubleChosen/);
        const at = streamRevisionOf(frame.view);
        if (frame.view === null || at === undefined || at >= revealed) continue;
        expect(
          frame.view.seats.map((s) => s.doubled),
          `${client === venue ? 'venue' : 'broadcast'} seq ${String(frame.seq)}`,
        ).toEqual([null, null, null]);
      }
    }
    const sealed = ddzFrames(venue).find((f) => streamRevisionOf(f.view) === firstDouble);
    expect(sealed?.event).toBeNull();
    expect(sealed?.view?.seats[1]).toMatchObject({ doubleChosen: true, doubled: null });
    // The kitty on the venue only once revealed, then face up; never a hand.
    const kittyAt = revisionOf('KittyRevealed');
    for (const frame of ddzFrames(venue)) {
      const at = streamRevisionOf(frame.view) ?? -1;
      expect(frame.view?.seats.map((s) => s.hand)).toEqual([null, null, null]);
      if (at < kittyAt && frame.view?.board?.phase !== 'over')
        expect(frame.view?.board?.kitty ?? null).toBeNull();
    }
    expect(ddzFrames(venue).find((f) => f.event?.revision === kittyAt)?.view?.board?.kitty).toEqual(KITTY);
    // The live 倍数 on the venue: bid 3, both doubled and redoubled (×4), then the bomb and the rocket.
    const multiplierAt = (type: string, nth = 0): number | undefined =>
      ddzFrames(venue).filter((f) => f.event?.type === `doudizhu.${type}` || f.event?.type === type)[nth]
        ?.view?.board?.multiplier;
    expect(multiplierAt('RedoubleChosen')).toBe(12);
    expect(multiplierAt('CardsPlayed', 0)).toBe(24);
    expect(multiplierAt('CardsPlayed', 1)).toBe(48);

    // Broadcast: every hand, but no event and no view before its recorded time plus the delay.
    const dueAt = recorded.map((e) => Date.parse(e.metadata.recordedAt) + DELAY_MS);
    let released = 0;
    for (const { text, at } of broadcast.raw) {
      const frame = JSON.parse(text) as ServerMessage;
      if (frame.type !== 'feed') continue;
      for (const revision of [frame.event?.revision, streamRevisionOf(frame.view)]) {
        if (revision === undefined) continue;
        expect(at, `broadcast seq ${String(frame.seq)} revision ${String(revision)}`).toBeGreaterThanOrEqual(
          dueAt[revision] ?? Number.POSITIVE_INFINITY,
        );
      }
      if (frame.event !== null) released += 1;
    }
    // Every event but the sealed doubles (on no feed, not even the delayed one).
    const sealedCount = recorded.filter((e) => (e.type as string) === 'doudizhu.DoubleChosen').length;
    expect(sealedCount).toBe(2);
    expect(released).toBe(recorded.length - sealedCount);
    expect(ddzFrames(broadcast).some((f) => f.view?.seats.every((s) => s.hand !== null))).toBe(true);

    // Staff: the log in order, under the game's own names.
    expect(ddzFrames(staff).map((f) => [f.event?.type, f.event?.revision])).toEqual(
      recorded.map((e) => [e.type.replace(/^doudizhu\./, ''), e.revision]),
    );
    for (const client of [venue, broadcast, staff]) await client.close();
  }, 90_000);
});

describe('a Dou Dizhu match’s feeds across a real server restart (same data dir)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-ddz-restart-'));
  const boot = (): Promise<RunningServer> =>
    startServerOn(dataDir, { TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: String(DELAY_MS) });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const matchId = 'ddz_restart_1';
  const subscribe = async (
    server: RunningServer,
    audience: string,
    lastSeq?: number,
  ): Promise<FeedSocket> => {
    const client = await FeedSocket.open(server);
    client.send({ type: 'subscribe', matchId, audience, ...(lastSeq === undefined ? {} : { lastSeq }) });
    await client.until((m) => m.type === 'subscribed');
    return client;
  };
  const lastSeqOf = (client: FeedSocket): number => Math.max(0, ...client.frames().map((f) => f.seq));
  const revisions = (client: FeedSocket): number[] =>
    client.frames().flatMap((f) => (f.event === null ? [] : [f.event.revision]));

  it('resumes venue and broadcast from the disclosure ledger: no gap, no duplicate, the same game', async () => {
    const first = await boot();
    const match = new DdzHttpMatch(
      new MatchClient(first.url, TEST_TOKENS.operatorT1),
      first.app.get(MatchCommandService),
      matchId,
      'before',
    );
    await match.create();
    const venueBefore = await subscribe(first, 'venue');
    const broadcastBefore = await subscribe(first, 'broadcast');
    await match.send({ type: 'DealBoard', board: 1, seed: 'ddz-restart-1' });
    await match.send({ type: 'Bid', seat: 0, bid: 3 });
    const atStop = match.revision;
    await venueBefore.until((m) => m.type === 'feed' && m.event?.revision === atStop);
    await broadcastBefore.until((m) => m.type === 'feed' && m.event?.revision === atStop, 20_000);
    await venueBefore.close();
    await broadcastBefore.close();
    await first.app.close();

    const second = await boot();
    try {
      const venueAfter = await subscribe(second, 'venue', lastSeqOf(venueBefore));
      const broadcastAfter = await subscribe(second, 'broadcast', lastSeqOf(broadcastBefore));
      for (const client of [venueAfter, broadcastAfter])
        expect(client.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: true });
      const again = new DdzHttpMatch(
        new MatchClient(second.url, TEST_TOKENS.operatorT1),
        second.app.get(MatchCommandService),
        matchId,
        'after',
      );
      again.revision = atStop;
      await again.send({ type: 'Double', seat: 1, double: false });
      await again.send({ type: 'Double', seat: 2, double: false });
      const end = again.revision;
      await venueAfter.until((m) => m.type === 'feed' && m.event?.revision === end);
      await broadcastAfter.until((m) => m.type === 'feed' && m.event?.revision === end, 20_000);

      for (const [before, after] of [
        [venueBefore, venueAfter],
        [broadcastBefore, broadcastAfter],
      ] as const) {
        const seqs = [...before.frames(), ...after.frames()].map((f) => f.seq);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      }
      // The snapshot after the restart is the Dou Dizhu view as it stood: seat 0 the landlord.
      const snapshot = ddzFrames(venueAfter)[0];
      expect(snapshot).toMatchObject({ seq: lastSeqOf(venueBefore) + 1, event: null });
      expect(snapshot?.view).toMatchObject({
        game: 'doudizhu',
        streamRevision: atStop,
        board: { landlord: 0 },
      });
      // Every public event once across the restart (the sealed doubles on neither).
      const log = await second.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId));
      expect(log).toHaveLength(end + 1);
      const expected = log
        .filter((e) => (e.type as string) !== 'doudizhu.DoubleChosen')
        .map((e) => e.revision);
      expect(expected.length).toBe(log.length - 2);
      expect([...revisions(venueBefore), ...revisions(venueAfter)]).toEqual(expected);
      expect([...revisions(broadcastBefore), ...revisions(broadcastAfter)]).toEqual(expected);
      for (const client of [venueAfter, broadcastAfter]) await client.close();
    } finally {
      await second.app.close();
    }
  }, 60_000);
});
