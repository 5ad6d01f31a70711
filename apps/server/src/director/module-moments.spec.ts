import { describe, expect, it } from 'vitest';
import { GameMoments, asDirectorMoment } from './module-moments';
import { playDdzReleasedFeed } from './testing/ddz-released-frames';

const DELAY_MS = 2_000;
const STEP_MS = 500;

describe("the director's moments of a game's module (Dou Dizhu)", () => {
  const feed = playDdzReleasedFeed({
    seed: 'director-ddz-bombs',
    boards: 12,
    delayMs: DELAY_MS,
    stepMs: STEP_MS,
  });
  const plays = feed.events.flatMap((e) => (e.type === 'CardsPlayed' ? [e.data.as.type] : []));
  const ends = feed.events.flatMap((e) => (e.type === 'BoardEnded' ? [e.data] : []));

  it('every bomb, rocket, spring and anti-spring of the log reaches the director once, at its release', () => {
    const moments = new GameMoments();
    const found = feed.released.flatMap(({ frame, now }) => moments.releasedBy(frame, now));
    const count = (kind: string): number => found.filter((m) => m.kind === kind).length;
    // The seeded match has bombs: the count is not zero against zero.
    expect(plays.filter((t) => t === 'bomb').length).toBeGreaterThan(0);
    expect(count('bomb')).toBe(plays.filter((t) => t === 'bomb').length);
    expect(count('rocket')).toBe(plays.filter((t) => t === 'rocket').length);
    expect(count('spring')).toBe(ends.filter((e) => e.spring).length);
    expect(count('antiSpring')).toBe(ends.filter((e) => e.antiSpring).length);
    expect(count('boardEnd')).toBe(12);
    for (const moment of found) {
      expect(moment.game).toBe('doudizhu');
      const frame = feed.released.find((r) => r.frame.event?.revision === moment.revision);
      // Never before the event's recorded time plus the delay (the broadcast has shown it).
      expect(frame?.now).toBeGreaterThanOrEqual(Date.parse(moment.recordedAt) + DELAY_MS);
    }
    // A bomb goes to the director's rules as the bomb they already know; a spring has no rule yet.
    expect(asDirectorMoment('bomb')).toBe('bomb');
    expect(asDirectorMoment('spring')).toBeNull();
  });

  it('a frame sent again (after a restart) makes no moment twice; a live or early frame none', () => {
    const moments = new GameMoments();
    const bombFrame = feed.released.find(
      (r) =>
        r.frame.event?.type === 'CardsPlayed' &&
        (r.frame.event.data as { as: { type: string } }).as.type === 'bomb',
    );
    if (bombFrame === undefined) throw new Error('no bomb released');
    const before = feed.released.filter((r) => r.frame.seq < bombFrame.frame.seq);
    for (const { frame, now } of before) moments.releasedBy(frame, now);
    const early = moments.releasedBy(
      bombFrame.frame,
      Date.parse(bombFrame.frame.event?.recordedAt ?? '') + 1,
    );
    expect(early).toEqual([]);
    expect(moments.releasedBy({ ...bombFrame.frame, audience: 'venue' }, bombFrame.now)).toEqual([]);
    expect(moments.releasedBy(bombFrame.frame, bombFrame.now).map((m) => m.kind)).toEqual(['bomb']);
    expect(moments.releasedBy(bombFrame.frame, bombFrame.now)).toEqual([]);
  });
});
