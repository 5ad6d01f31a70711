import type { FeedFrame } from '@tablecast/protocol';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASE_CLOCK_TOLERANCE_MS, momentsReleasedBy } from './director-moments';
import { playReleasedFeed } from './testing/released-frames';

/** The overlays' fixtures: frames recorded from a real server playing a seeded match (1 s delay). */
interface RecordedFeed {
  readonly building: FeedFrame;
  readonly scenes: Record<string, { readonly venue: FeedFrame; readonly broadcast: FeedFrame }>;
}
const recorded = JSON.parse(
  readFileSync(join(__dirname, '../../../../overlays/src/lib/feed/fixtures/recorded-feed.json'), 'utf8'),
) as RecordedFeed;
const scene = (name: string, feed: 'venue' | 'broadcast' = 'broadcast'): FeedFrame => {
  const frame = recorded.scenes[name]?.[feed];
  if (frame === undefined) throw new Error(`no recorded scene ${name}`);
  return frame;
};
/** Long after the frame's event was recorded: whatever it released is old enough. */
const later = (frame: FeedFrame): number => Date.parse(frame.event?.recordedAt ?? '') + 600_000;

describe('moments from recorded broadcast frames', () => {
  it('finds the moment a frame released, as the moments overlay shows it', () => {
    expect(momentsReleasedBy(scene('bomb'), later(scene('bomb')))).toEqual([
      expect.objectContaining({
        moment: 'bomb',
        revision: 63,
        detail: 'S played SKb HKa CKa DKa (bomb)',
        part: {
          code: 'bombPlayed',
          params: { seat: 'S', cards: ['SKb', 'HKa', 'CKa', 'DKa'], combo: 'bomb' },
        },
      }),
    ]);
    expect(momentsReleasedBy(scene('tribute'), later(scene('tribute'))).map((m) => m.moment)).toEqual([
      'tribute',
    ]);
    expect(momentsReleasedBy(scene('handEnd'), later(scene('handEnd'))).map((m) => m.moment)).toEqual([
      'handEnd',
    ]);
    expect(momentsReleasedBy(scene('penalty'), later(scene('penalty')))).toEqual([
      expect.objectContaining({
        moment: 'penalty',
        detail: 'warning for S (GD-TIME-1)',
        part: { code: 'penaltyGiven', params: { seat: 'S', sanction: 'warning', rule: 'GD-TIME-1' } },
      }),
    ]);
  });

  it('does not replay a moment that an earlier frame released (its view still shows it)', () => {
    // `latest` released a Passed; its view's moment is an older bomb; `revealed` an older hand end.
    expect(momentsReleasedBy(scene('latest'), later(scene('latest')))).toEqual([]);
    expect(momentsReleasedBy(scene('revealed'), later(scene('revealed')))).toEqual([]);
  });

  it('ignores the venue feed, delay-building frames and frames with no view', () => {
    expect(momentsReleasedBy(scene('bomb', 'venue'), later(scene('bomb')))).toEqual([]);
    expect(momentsReleasedBy({ ...scene('bomb'), audience: 'staff' }, later(scene('bomb')))).toEqual([]);
    expect(momentsReleasedBy(recorded.building, Date.now())).toEqual([]);
    expect(momentsReleasedBy({ ...scene('bomb'), view: null }, later(scene('bomb')))).toEqual([]);
  });

  it('does not fire for a fact still inside the delay the frame reports', () => {
    const bomb = scene('bomb');
    const due = Date.parse(bomb.event?.recordedAt ?? '') + bomb.status.delayMs;
    // A clock a little behind the releasing one (another process) is tolerated, never a whole delay.
    expect(RELEASE_CLOCK_TOLERANCE_MS).toBeLessThan(bomb.status.delayMs);
    expect(momentsReleasedBy(bomb, due - RELEASE_CLOCK_TOLERANCE_MS - 1)).toEqual([]);
    expect(momentsReleasedBy(bomb, due - RELEASE_CLOCK_TOLERANCE_MS)).toHaveLength(1);
    expect(momentsReleasedBy(bomb, Date.parse(bomb.event?.recordedAt ?? ''))).toEqual([]);
  });
});

describe('moments over a whole played match (real MatchFeed, fake clock)', () => {
  const DELAY = 5_000;
  const played = playReleasedFeed({ seed: 'director-moments', delayMs: DELAY, stepMs: 1_000 });

  it('fires each moment once, at the frame released a whole delay after the table recorded it', () => {
    const detected = played.released.flatMap(({ frame, now }) =>
      momentsReleasedBy(frame, now).map((m) => ({ ...m, now })),
    );
    for (const m of detected) expect(m.now).toBeGreaterThanOrEqual(Date.parse(m.recordedAt) + DELAY);
    // The moments the table made: every bomb-class play, hand end, tribute exchange and penalty.
    const expected = played.inputs.flatMap(({ event, revision }) => {
      if (
        event.type === 'CardsPlayed' &&
        ['bomb', 'straightFlush', 'fourJokers'].includes(event.data.as.type)
      )
        return [{ revision, moment: event.data.as.type }];
      if (event.type === 'HandEnded') return [{ revision, moment: 'handEnd' }];
      if (event.type === 'PenaltyIssued') return [{ revision, moment: 'penalty' }];
      return [];
    });
    const seen = detected.filter((m) => m.moment !== 'tribute' && m.moment !== 'matchPoint');
    expect(seen.map((m) => ({ revision: m.revision, moment: m.moment }))).toEqual(expected);
    expect(detected.filter((m) => m.moment === 'handEnd').length).toBeGreaterThan(5);
    expect(new Set(detected.map((m) => `${m.moment}@${String(m.revision)}`)).size).toBe(detected.length);
  });

  it('calls match point at each deal started with its level team at A (GD-LVL-5), before the game is won', () => {
    const matchPoints = played.released.flatMap(({ frame, now }) =>
      momentsReleasedBy(frame, now).filter((m) => m.moment === 'matchPoint'),
    );
    const dealsAtA = played.inputs.filter(
      ({ event }) =>
        event.type === 'HandStarted' &&
        event.data.levelTeam !== null &&
        event.data.level === 'A' &&
        event.data.levels[event.data.levelTeam] === 12,
    );
    // The game is played to past A, so at least one deal was played at A before it ended.
    expect(dealsAtA.length).toBeGreaterThan(0);
    expect(matchPoints.map((m) => m.revision)).toEqual(dealsAtA.map((i) => i.revision));
  });

  it('sees nothing while the first moments are still inside the delay', () => {
    const firstHandEnd = played.inputs.find(({ event }) => event.type === 'HandEnded');
    if (firstHandEnd === undefined) throw new Error('no deal ended');
    const early = played.released.filter(({ now }) => now < firstHandEnd.recordedAtMs + DELAY);
    const moments = early.flatMap(({ frame, now }) => momentsReleasedBy(frame, now)).map((m) => m.moment);
    expect(moments).not.toContain('handEnd');
    // ... and the first frames of the feed were "delay building", which carry no view.
    expect(played.released[0]?.frame.status.state).toBe('delayBuilding');
  });
});
