import { matchStream } from '@tablecast/events';
import type { FeedFrame } from '@tablecast/protocol';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../bootstrap';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { AppEventStore } from '../event-store/event-store.module';
import { MatchCommandService } from '../matches/match-command.service';
import { BOT_PRINCIPAL } from '@tablecast/simulation';
import { playBotCommands } from '../testing/bot-commands';
import { newMatchRequest } from '../testing/match-client';
import { TEST_TOKENS, TEST_TOKENS_SPEC } from '../testing/staff-tokens';
import { startServerOn } from '../testing/test-server';
import { FeedSocket } from './testing/feed-socket';

const DELAY_MS = 1_000;
const matchId = 'restart_1';

interface LedgerBody {
  entries: { audience: string; seq: number; revision: number | null; releasedAt: number }[];
}

/** Bot commands through the match service; `from` keeps idempotency keys unique across runs. */
const play = (server: RunningServer, count: number, from: number): Promise<void> =>
  playBotCommands(server.app.get(MatchCommandService), matchId, { seed: 'restart', count, from });

async function lastRevision(server: RunningServer): Promise<number> {
  return (await server.app.get<AppEventStore>(EVENT_STORE).readStream(matchStream(matchId))).length - 1;
}

async function ledger(server: RunningServer): Promise<LedgerBody> {
  const response = await fetch(`${server.url}/api/matches/${matchId}/disclosures`, {
    headers: { authorization: `Bearer ${TEST_TOKENS.arbiter}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as LedgerBody;
}

async function subscribe(server: RunningServer, audience: string, lastSeq?: number): Promise<FeedSocket> {
  const client = await FeedSocket.open(server);
  client.send({ type: 'subscribe', matchId, audience, ...(lastSeq === undefined ? {} : { lastSeq }) });
  await client.until((m) => m.type === 'subscribed');
  return client;
}

const lastSeqOf = (client: FeedSocket): number => Math.max(0, ...client.frames().map((f) => f.seq));

describe('feeds across a real server restart (same data dir)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tablecast-restart-'));
  const boot = (): Promise<RunningServer> =>
    startServerOn(dataDir, { TABLECAST_TOKENS: TEST_TOKENS_SPEC, BROADCAST_DELAY_MS: String(DELAY_MS) });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes venue and broadcast with no gap and no duplicate, keeps the ledger, replays a client that was behind', async () => {
    const first = await boot();
    await first.app.get(MatchCommandService).create(newMatchRequest(matchId, 't1', 1), BOT_PRINCIPAL);
    const venueBefore = await subscribe(first, 'venue');
    const broadcastBefore = await subscribe(first, 'broadcast');
    await play(first, 8, 0);
    const lastBefore = await lastRevision(first);
    await venueBefore.until((m) => m.type === 'feed' && m.event?.revision === lastBefore);
    // The first batch out on the delayed feed; the second still pending (due a second after it was
    // played) when the server goes down a few ms later, so no frame is released after the clients left.
    await broadcastBefore.until((m) => m.type === 'feed' && m.event?.revision === lastBefore);
    await play(first, 4, 8);
    const lastAtStop = await lastRevision(first);
    await venueBefore.until((m) => m.type === 'feed' && m.event?.revision === lastAtStop);
    const ledgerBefore = await ledger(first);
    await venueBefore.close();
    await broadcastBefore.close();
    await first.app.close();
    const venueSeq = lastSeqOf(venueBefore);
    const broadcastSeq = lastSeqOf(broadcastBefore);
    const broadcastReleasedBefore = broadcastBefore.frames().filter((f) => f.event !== null).length;
    expect(broadcastReleasedBefore).toBeLessThan(lastAtStop + 1);

    const second = await boot();
    try {
      // The ledger survived, entry for entry, and the arbitration committee still reads it.
      const ledgerAfter = await ledger(second);
      expect(ledgerAfter.entries.slice(0, ledgerBefore.entries.length)).toEqual(ledgerBefore.entries);

      const venueAfter = await subscribe(second, 'venue', venueSeq);
      const broadcastAfter = await subscribe(second, 'broadcast', broadcastSeq);
      // A client five frames behind when the server stopped: those frames come from the archive.
      const behind = await subscribe(second, 'venue', venueSeq - 5);
      expect(venueAfter.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: true });
      expect(broadcastAfter.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: true });
      expect(behind.messages.find((m) => m.type === 'subscribed')).toMatchObject({ resumed: true });

      await play(second, 4, 12);
      const lastAfter = await lastRevision(second);
      await venueAfter.until((m) => m.type === 'feed' && m.event?.revision === lastAfter);
      await broadcastAfter.until((m) => m.type === 'feed' && m.event?.revision === lastAfter, 20_000);

      // Seqs over both connections: 1..n, no gap, no repeat; the first after the restart is a snapshot
      // of the match as it stood.
      for (const [before, after] of [
        [venueBefore, venueAfter],
        [broadcastBefore, broadcastAfter],
      ] as const) {
        const seqs = [...before.frames(), ...after.frames()].map((f) => f.seq);
        expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      }
      const snapshot = venueAfter.frames()[0];
      expect(snapshot).toMatchObject({ seq: venueSeq + 1, event: null });
      expect(snapshot?.view?.revision).toBe(lastAtStop);
      // Every event reached each audience exactly once across the restart.
      const revisions = (frames: FeedFrame[]): number[] =>
        frames.flatMap((f) => (f.event === null ? [] : [f.event.revision]));
      const all = Array.from({ length: lastAfter + 1 }, (_, i) => i);
      expect(revisions([...venueBefore.frames(), ...venueAfter.frames()])).toEqual(all);
      expect(revisions([...broadcastBefore.frames(), ...broadcastAfter.frames()])).toEqual(all);
      // The client that was behind got the very bytes sent before the restart, then the same frames
      // as the client that was up to date: no gap, no duplicate, no fresh snapshot in place of them.
      const feedTexts = (client: FeedSocket): string[] =>
        client.raw.map((r) => r.text).filter((text) => text.startsWith('{"type":"feed"'));
      expect(feedTexts(behind).slice(0, 5)).toEqual(feedTexts(venueBefore).slice(-5));
      expect(feedTexts(behind).slice(5)).toEqual(feedTexts(venueAfter));
      expect(behind.frames().map((f) => f.seq)).toEqual(
        Array.from({ length: behind.frames().length }, (_, i) => venueSeq - 4 + i),
      );
      for (const client of [venueAfter, broadcastAfter, behind]) await client.close();
    } finally {
      await second.app.close();
    }
  }, 60_000);
});
