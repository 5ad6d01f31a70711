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
    // A bomb goes to the director's rules as the bomb they already know; the rocket, a spring and
    // an anti-spring have rules of their own; the one-card report has none.
    expect(asDirectorMoment('bomb')).toBe('bomb');
    expect(asDirectorMoment('rocket')).toBe('rocket');
    expect(asDirectorMoment('spring')).toBe('spring');
    expect(asDirectorMoment('antiSpring')).toBe('antiSpring');
    expect(asDirectorMoment('oneCard')).toBeNull();
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

  it('a match first seen mid-way is folded from its released history: the state is the whole fold, no earlier moment again', () => {
    // Joined at the board-end frames of the fourth board: the director started (or restarted) late.
    const ended = feed.released.filter((r) => r.frame.event?.type === 'BoardEnded');
    const joinAt = ended[3];
    if (joinAt === undefined) throw new Error('four boards end');
    const history = (matchId: string, toSeq: number) =>
      feed.released.filter((r) => r.frame.matchId === matchId && r.frame.seq <= toSeq).map((r) => r.frame);
    const joined = new GameMoments(history);
    const whole = new GameMoments();
    const later = feed.released.filter((r) => r.frame.seq >= joinAt.frame.seq);
    for (const { frame, now } of feed.released.filter((r) => r.frame.seq < joinAt.frame.seq))
      whole.releasedBy(frame, now);
    const fromJoin = later.flatMap(({ frame, now }) => joined.releasedBy(frame, now));
    const fromWhole = later.flatMap(({ frame, now }) => whole.releasedBy(frame, now));
    expect(fromJoin).toEqual(fromWhole);
    expect(fromJoin.filter((m) => m.kind === 'boardEnd').map((m) => m.revision)).toEqual(
      ended.slice(3).map((r) => r.frame.event?.revision),
    );
    const { matchId } = joinAt.frame;
    expect(joined.stateOf(matchId)).toEqual(whole.stateOf(matchId));
    // The same after the join frame alone: the boards before it are in the folded state.
    const atJoin = new GameMoments(history);
    atJoin.releasedBy(joinAt.frame, joinAt.now);
    const state = atJoin.stateOf(matchId) as { boardsPlayed: number };
    expect(state.boardsPlayed).toBe(4);
  });

  it('without its history (no longer kept) the fold starts at the frame in hand, and says so', () => {
    const gaps: string[] = [];
    const moments = new GameMoments(
      () => null,
      (matchId, seq) => gaps.push(`${matchId}@${String(seq)}`),
    );
    const late = feed.released.find((r) => r.frame.event?.type === 'BoardEnded');
    if (late === undefined) throw new Error('a board ends');
    expect(moments.releasedBy(late.frame, late.now).map((m) => m.kind)).toContain('boardEnd');
    expect(gaps).toEqual([`${late.frame.matchId}@${String(late.frame.seq)}`]);
  });
});
