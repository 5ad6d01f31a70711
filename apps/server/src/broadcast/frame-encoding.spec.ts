import { describe, expect, it } from 'vitest';
import { FrameEncoder } from './frame-encoding';
import { playedSteps } from './testing/played-feed-steps';

describe('FrameEncoder (the bytes of a feed frame)', () => {
  const steps = playedSteps();
  const frames = steps.flat();

  it('encodes every frame of a played match as exactly its JSON: live, delayed and status frames', () => {
    for (const audience of ['staff', 'venue', 'broadcast', 'commentary'])
      expect(frames.some((o) => o.audience === audience && o.frame.view !== null)).toBe(true);
    expect(frames.some((o) => o.frame.view === null)).toBe(true);
    for (const step of steps) {
      const encoder = new FrameEncoder();
      for (const { frame } of step)
        expect(encoder.encode(frame).toString('utf8')).toBe(JSON.stringify(frame));
    }
  });

  it('a release gives broadcast and commentary the same view object (what the encoder shares)', () => {
    const shared = steps.filter((step) => {
      const broadcast = step.find((o) => o.audience === 'broadcast')?.frame.view;
      const commentary = step.find((o) => o.audience === 'commentary')?.frame.view;
      return broadcast !== undefined && broadcast !== null && broadcast === commentary;
    });
    expect(shared.length).toBeGreaterThan(10);
  });
});
