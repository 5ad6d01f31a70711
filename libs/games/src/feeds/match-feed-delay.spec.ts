import { RULESETS, playRandomMatch, type GuandanEvent } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import {
  DisclosureLedger,
  MIN_BROADCAST_DELAY_MS,
  feedPolicy,
  resumePointOf,
  type FeedInput,
  type FeedOutput,
} from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { guandanMatchFeed } from '../testing/guandan-feeds';

const T0 = Date.UTC(2026, 10, 24, 3, 0, 0);
const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed: 'feed-delay-spec', maxHands: 1 });
if (!played.ok) throw new Error('playout failed');
const events: readonly GuandanEvent[] = played.events;

/** Event `revision` of the log, recorded at `at` (the fake clock's ms). */
function input(revision: number, at: number): FeedInput {
  const event = events[revision];
  if (event === undefined) throw new Error(`no event ${String(revision)}`);
  return feedInputAt(event, revision, at);
}
const releasedRevisions = (outputs: readonly FeedOutput[]): (number | undefined)[] =>
  outputs
    .filter((o) => o.audience === 'broadcast' && o.frame.event !== null)
    .map((o) => o.frame.event?.revision);

describe('per-match delay changes (TC-FEED-1..3)', () => {
  const s = 1_000;

  it('TC-FEED-1: a new delay applies to events recorded after it', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 10 * s }));
    feed.append(input(0, T0), T0);
    feed.setDelay(30 * s, T0 + 1 * s);
    feed.append(input(1, T0 + 2 * s), T0 + 2 * s);
    // Event 0 was recorded under 10 s, but the raise holds it too (TC-FEED-3): due at T0 + 30 s.
    expect(releasedRevisions(feed.tick(T0 + 29 * s))).toEqual([]);
    expect(releasedRevisions(feed.tick(T0 + 30 * s))).toEqual([0]);
    expect(releasedRevisions(feed.tick(T0 + 32 * s - 1))).toEqual([]);
    expect(releasedRevisions(feed.tick(T0 + 32 * s))).toEqual([1]);
    expect(feed.delayMs).toBe(30 * s);
  });

  it('TC-FEED-2: lowering the delay never releases an event earlier than the delay it was recorded under', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 60 * s }));
    feed.append(input(0, T0), T0);
    feed.append(input(1, T0 + 5 * s), T0 + 5 * s);
    feed.setDelay(2 * s, T0 + 10 * s);
    feed.append(input(2, T0 + 11 * s), T0 + 11 * s);
    // Event 2 alone would be due at 13 s, but the feed releases in log order behind events 0 and 1.
    expect(releasedRevisions(feed.tick(T0 + 59 * s))).toEqual([]);
    expect(feed.nextWakeAt()).toBe(T0 + 60 * s);
    expect(releasedRevisions(feed.tick(T0 + 60 * s))).toEqual([0]);
    expect(releasedRevisions(feed.tick(T0 + 65 * s))).toEqual([1, 2]);
    // From then on the new delay is in force.
    feed.append(input(3, T0 + 70 * s), T0 + 70 * s);
    expect(releasedRevisions(feed.tick(T0 + 72 * s))).toEqual([3]);
    for (const entry of feed.ledger.list('broadcast').filter((e) => e.revision !== null && e.revision <= 1)) {
      expect(entry.releasedAt - Date.parse(entry.recordedAt ?? '')).toBeGreaterThanOrEqual(60 * s);
    }
  });

  it('TC-FEED-3: raising the delay holds back what is not yet released; the feed says the new delay', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }));
    feed.append(input(0, T0), T0);
    feed.append(input(1, T0 + 1 * s), T0 + 1 * s);
    expect(releasedRevisions(feed.tick(T0 + 5 * s))).toEqual([0]);
    const raised = feed.setDelay(20 * s, T0 + 5.5 * s);
    // Nothing new is due for the added 15 s: the feed says so (a frozen view must not look live).
    expect(
      raised.filter((o) => o.audience === 'broadcast').map((o) => [o.frame.status, o.frame.view?.revision]),
    ).toEqual([
      [{ state: 'delayBuilding', delayMs: 20 * s, reason: 'raised', resumesAt: T0 + 20.5 * s }, undefined],
    ]);
    expect(releasedRevisions(feed.tick(T0 + 21 * s - 1))).toEqual([]);
    expect(releasedRevisions(feed.tick(T0 + 21 * s))).toEqual([1]);
  });

  it('keeps the delayed feeds delayed: a value under the floor is raised to it', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }));
    feed.setDelay(0, T0);
    expect(feed.delayMs).toBe(MIN_BROADCAST_DELAY_MS);
    feed.append(input(0, T0), T0);
    expect(releasedRevisions(feed.tick(T0 + MIN_BROADCAST_DELAY_MS - 1))).toEqual([]);
    expect(releasedRevisions(feed.tick(T0 + MIN_BROADCAST_DELAY_MS))).toEqual([0]);
  });
});

describe('resume from a ledger (restart)', () => {
  const s = 1_000;

  it('continues every seq after the ledger, sends nothing twice, and snapshots each audience', () => {
    const ledger = new DisclosureLedger();
    const first = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }), { ledger });
    const sent: FeedOutput[] = [];
    for (let r = 0; r < 6; r += 1) sent.push(...first.append(input(r, T0 + r * s), T0 + r * s));
    sent.push(...first.tick(T0 + 7 * s)); // releases 0..2 on the delayed feeds
    const resume = resumePointOf(ledger.list());
    expect(resume.revisions).toEqual({ staff: 5, venue: 5, broadcast: 2, commentary: 2 });

    // The server restarts at 30 s: the log is replayed, and event 6 was written while it was down.
    const now = T0 + 30 * s;
    const second = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }), { ledger, resume });
    const replayed: FeedOutput[] = [];
    for (let r = 0; r < 7; r += 1)
      replayed.push(...second.append(input(r, T0 + r * s), now, undefined, 'catchUp'));
    // Only event 6 is new to the live audiences; nothing is released by time during catch-up.
    expect(replayed.map((o) => [o.audience, o.frame.seq, o.frame.event?.revision])).toEqual([
      ['staff', 7, 6],
      ['venue', 7, 6],
    ]);
    const resumed = second.resumeAfterCatchUp(now);
    const byAudience = (audience: string): (number | null | undefined)[][] =>
      resumed
        .filter((o) => o.audience === audience)
        .map((o) => [o.frame.seq, o.frame.event?.revision ?? null]);
    expect(byAudience('staff')).toEqual([[8, null]]);
    expect(byAudience('broadcast')).toEqual([
      [resume.seqs.broadcast + 1, 3],
      [resume.seqs.broadcast + 2, 4],
      [resume.seqs.broadcast + 3, 5],
      [resume.seqs.broadcast + 4, 6],
    ]);
    // Each audience's seqs over both runs: 1..n with no gap and no repeat.
    for (const audience of ['staff', 'venue', 'broadcast', 'commentary'] as const) {
      const seqs = ledger.list(audience).map((e) => e.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    }
  });

  it('applies a delay raise recorded later in the log before releasing anything after a restart', () => {
    const ledger = new DisclosureLedger();
    const first = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }), { ledger });
    first.append(input(0, T0), T0);
    first.setDelay(60 * s, T0 + 1 * s);
    const resume = resumePointOf(ledger.list());
    const second = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5 * s }), { ledger, resume });
    second.append(input(0, T0), T0 + 10 * s, undefined, 'catchUp');
    second.setDelay(60 * s, T0 + 10 * s, undefined, 'catchUp');
    expect(releasedRevisions(second.resumeAfterCatchUp(T0 + 10 * s))).toEqual([]);
    expect(releasedRevisions(second.tick(T0 + 60 * s))).toEqual([0]);
  });
});
