import { RULESETS, playRandomMatch, type GuandanEvent } from '@tablecast/guandan';
import { describe, expect, it } from 'vitest';
import {
  FeedPolicyError,
  ReleaseClockGuard,
  feedPolicy,
  releaseDelayMs,
  resolveAudience,
  type FeedInput,
  type FeedOutput,
} from '@tablecast/broadcast';
import { feedInputAt } from '@tablecast/broadcast/testing';
import { guandanMatchFeed, guandanRedact as redact } from '../testing/guandan-feeds';

const T0 = Date.UTC(2026, 10, 22, 4, 0, 0);
const played = playRandomMatch({ ruleset: RULESETS.cga2017, seed: 'feed-spec', maxHands: 2 });
if (!played.ok) throw new Error('playout failed');
const events: readonly GuandanEvent[] = played.events;

/** The log's events, one second apart from T0. */
function input(revision: number): FeedInput {
  const event = events[revision];
  if (event === undefined) throw new Error(`no event ${String(revision)}`);
  return feedInputAt(event, revision, T0 + revision * 1000);
}
const firstOf = (type: GuandanEvent['type']): FeedInput => input(events.findIndex((e) => e.type === type));
const of = (outputs: readonly FeedOutput[], audience: string): FeedOutput[] =>
  outputs.filter((o) => o.audience === audience);

describe('redact: one choke point per audience', () => {
  it('gives venue "27 cards each" for the deal: no card, seed or salt', () => {
    const dealt = firstOf('CardsDealt');
    const venue = redact(dealt, 'venue');
    expect(venue?.data).toEqual({
      handNumber: 1,
      firstDrawer: expect.any(String) as unknown,
      counts: { S: 27, E: 27, N: 27, W: 27 },
    });
    expect(redact(dealt, 'broadcast')?.data).toBe(dealt.event.data);
    expect(redact(dealt, 'staff')?.data).toBe(dealt.event.data);
  });

  it('serves an unknown audience the venue form (fail closed)', () => {
    const dealt = firstOf('CardsDealt');
    expect(resolveAudience('press')).toBe('venue');
    expect(redact(dealt, 'press')).toEqual(redact(dealt, 'venue'));
    expect(redact(dealt, '')).toEqual(redact(dealt, 'venue'));
  });

  it('keeps only the leading seat of the first-lead cut on venue (the turned card stays in a hand)', () => {
    const cut = firstOf('FirstLeadCut');
    if (cut.event.type !== 'FirstLeadCut') throw new Error('no cut in this playout');
    expect(redact(cut, 'venue')?.data).toEqual({ seat: cut.event.data.seat });
  });

  it('keeps the deck reveal off venue and the commitment on it, live', () => {
    expect(redact(firstOf('DeckRevealed'), 'venue')).toBeNull();
    expect(redact(firstOf('DeckCommitted'), 'venue')?.data).toEqual(firstOf('DeckCommitted').event.data);
  });

  it('keeps staff-class events (appeal statements) for staff only', () => {
    const appeal = {
      ...input(0),
      event: { type: 'AppealFiled', data: { statement: 'S held H5a' } },
    } as unknown as FeedInput;
    expect(redact(appeal, 'staff')).not.toBeNull();
    for (const audience of ['venue', 'broadcast', 'commentary', 'other'])
      expect(redact(appeal, audience)).toBeNull();
  });
});

describe('policy', () => {
  it('defaults to 120 s and refuses a delay under the floor; staff and venue are live', () => {
    const policy = feedPolicy('m1');
    expect(policy.broadcastDelayMs).toBe(120_000);
    expect(releaseDelayMs(policy, 'broadcast')).toBe(120_000);
    expect(releaseDelayMs(policy, 'staff')).toBe(0);
    expect(() => feedPolicy('m1', { broadcastDelayMs: 0 })).toThrow(FeedPolicyError);
    expect(() => feedPolicy('m1', { broadcastDelayMs: 999 })).toThrow(FeedPolicyError);
  });
});

describe('MatchFeed release', () => {
  const delay = 5_000;

  it('shows "delay building" with the due time first, then releases each event no earlier than due', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    const first = feed.append(input(0), T0);
    expect(of(first, 'staff')).toHaveLength(1);
    expect(of(first, 'venue')).toHaveLength(1);
    expect(of(first, 'broadcast').map((o) => o.frame)).toEqual([
      expect.objectContaining({
        seq: 1,
        event: null,
        view: null,
        status: { state: 'delayBuilding', delayMs: delay, reason: 'starting', resumesAt: T0 + delay },
      }),
    ]);
    feed.append(input(1), T0 + 1000);
    expect(feed.tick(T0 + delay - 1)).toEqual([]);
    const released = of(feed.tick(T0 + delay), 'broadcast');
    expect(released.map((o) => o.frame.event?.revision)).toEqual([0]);
    expect(released[0]?.frame.view?.revision).toBe(0);
    expect(released[0]?.frame.status).toEqual({ state: 'live', delayMs: delay });
    expect(feed.nextWakeAt()).toBe(T0 + 1000 + delay);
    expect(of(feed.tick(T0 + 1000 + delay), 'commentary').map((o) => o.frame.seq)).toEqual([3]);
  });

  it('holds back after a clock fault for a whole delay, then resumes', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    feed.append(input(0), T0);
    feed.append(input(1), T0 + 1000);
    const fault = of(feed.tick(T0 + 60_000, { clock: false, log: true }), 'broadcast');
    expect(fault.map((o) => o.frame.status)).toEqual([
      { state: 'delayBuilding', delayMs: delay, reason: 'clock', resumesAt: null },
    ]);
    const held = of(feed.tick(T0 + 61_000), 'broadcast');
    expect(held.map((o) => [o.frame.status, o.frame.view])).toEqual([
      [{ state: 'delayBuilding', delayMs: delay, reason: 'clock', resumesAt: T0 + 61_000 + delay }, null],
    ]);
    expect(feed.tick(T0 + 61_000 + delay - 1)).toEqual([]);
    expect(of(feed.tick(T0 + 61_000 + delay), 'broadcast').map((o) => o.frame.event?.revision)).toEqual([
      0, 1,
    ]);
  });

  it('says so while a raised delay rebuilds (TC-FEED-3), then shows the delayed view again', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    feed.append(input(0), T0);
    feed.tick(T0 + delay);
    const event1 = events[1];
    if (event1 === undefined) throw new Error('no event 1');
    feed.append(feedInputAt(event1, 1, T0 + delay + 1000), T0 + delay + 1000);
    const raised = of(feed.setDelay(3 * delay, T0 + delay + 2000), 'broadcast');
    const resumesAt = T0 + delay + 2000 + 2 * delay;
    expect(raised.map((o) => [o.frame.status, o.frame.view])).toEqual([
      [{ state: 'delayBuilding', delayMs: 3 * delay, reason: 'raised', resumesAt }, null],
    ]);
    expect(feed.nextWakeAt()).toBe(resumesAt);
    expect(feed.tick(resumesAt - 1)).toEqual([]);
    const back = of(feed.tick(resumesAt), 'broadcast');
    expect(back.map((o) => [o.frame.status.state, o.frame.view?.revision])).toEqual([['live', 0]]);
    // Nothing recorded since comes out before its recorded time plus the new delay.
    expect(feed.nextWakeAt()).toBe(T0 + delay + 1000 + 3 * delay);
  });

  it('keeps one frozen table time across changes while a raise rebuilds: raise again, then lower', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    feed.append(input(0), T0);
    feed.tick(T0 + delay);
    const at = T0 + delay + 1000;
    // On air: the table at `at - delay`; each change moves only when that time is back on air.
    feed.setDelay(3 * delay, at);
    const again = of(feed.setDelay(5 * delay, at + 1000), 'broadcast');
    expect(again.map((o) => o.frame.status)).toEqual([
      { state: 'delayBuilding', delayMs: 5 * delay, reason: 'raised', resumesAt: at - delay + 5 * delay },
    ]);
    feed.setDelay(2 * delay, at + 2000);
    expect(feed.nextWakeAt()).toBe(at - delay + 2 * delay);
    expect(of(feed.tick(at + delay), 'broadcast').map((o) => o.frame.status.state)).toEqual(['live']);
  });

  it('shows "delay building" while the log is down and the delayed view again once it is back', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    feed.append(input(0), T0);
    feed.tick(T0 + delay);
    const down = of(feed.tick(T0 + delay + 1, { clock: true, log: false }), 'broadcast');
    expect(down.map((o) => [o.frame.status.state, o.frame.view])).toEqual([['delayBuilding', null]]);
    const back = of(feed.tick(T0 + delay + 2), 'broadcast');
    expect(back.map((o) => [o.frame.status.state, o.frame.event, o.frame.view?.revision])).toEqual([
      ['live', null, 0],
    ]);
  });

  it('records every release in the disclosure ledger with position and time', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: delay }));
    feed.append(input(0), T0);
    feed.tick(T0 + delay + 7);
    expect(feed.ledger.list('broadcast').at(-1)).toEqual({
      audience: 'broadcast',
      seq: 2,
      eventType: 'MatchCreated',
      revision: 0,
      position: '1',
      recordedAt: new Date(T0).toISOString(),
      releasedAt: T0 + delay + 7,
      viewRevision: 0,
      status: 'live',
    });
    expect(feed.ledger.list('venue')).toHaveLength(1);
  });
});

describe('keying corrections', () => {
  it('re-folds the live views without the retracted events once a correction is confirmed', () => {
    const feed = guandanMatchFeed(feedPolicy('m1', { broadcastDelayMs: 5_000 }));
    const played = events.findIndex((e) => e.type === 'CardsPlayed');
    let before: FeedOutput[] = [];
    for (let revision = 0; revision <= played; revision += 1) {
      const out = feed.append(input(revision), T0 + revision * 1000);
      if (revision === played - 1) before = out;
    }
    const correction = {
      ...input(played),
      revision: played + 1,
      position: String(played + 2),
      event: {
        type: 'CorrectionConfirmed',
        data: { correctionId: 'c1', toRevision: played - 1, retracted: { from: played, to: played } },
      },
    } as FeedInput;
    const after = feed.append(correction, T0 + (played + 1) * 1000);
    const venueAfter = of(after, 'venue')[0]?.frame;
    const venueBefore = of(before, 'venue')[0]?.frame;
    expect(venueAfter?.event?.type).toBe('CorrectionConfirmed');
    expect(venueAfter?.view?.revision).toBe(played + 1);
    expect({ ...venueAfter?.view, revision: 0, asOf: '' }).toEqual({
      ...venueBefore?.view,
      revision: 0,
      asOf: '',
    });
  });
});

describe('ReleaseClockGuard', () => {
  it('accepts a wall clock that follows the monotonic one and flags a step back or a jump', () => {
    const guard = new ReleaseClockGuard(1_000);
    expect(guard.observe(T0, 0)).toBe(true);
    expect(guard.observe(T0 + 500, 500)).toBe(true);
    expect(guard.observe(T0 + 400, 600)).toBe(false);
    expect(guard.observe(T0 + 10_000, 700)).toBe(false);
    expect(guard.observe(T0 + 10_900, 1_600)).toBe(true);
  });
});
