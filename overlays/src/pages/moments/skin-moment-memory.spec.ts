import { describe, expect, it } from 'vitest';
import { rememberSkinMoment, skinMomentForCue, type SkinMomentMemory } from './skin-moment-memory';

describe("the moments page's memory of its skin's moments (a producer's cue replays them)", () => {
  it('keeps the latest of each kind; a cue finds its kind or nothing', () => {
    let memory: SkinMomentMemory = {};
    memory = rememberSkinMoment(memory, { kind: 'rocket', revision: 40 });
    memory = rememberSkinMoment(memory, { kind: 'spring', revision: 90 });
    memory = rememberSkinMoment(memory, { kind: 'rocket', revision: 120 });
    // A late frame (an older revision) changes nothing.
    memory = rememberSkinMoment(memory, { kind: 'rocket', revision: 41 });
    memory = rememberSkinMoment(memory, null);
    expect(skinMomentForCue(memory, 'rocket')).toEqual({ kind: 'rocket', revision: 120 });
    expect(skinMomentForCue(memory, 'spring')).toEqual({ kind: 'spring', revision: 90 });
    expect(skinMomentForCue(memory, 'antiSpring')).toBeNull();
    expect(skinMomentForCue(memory, 'toString')).toBeNull();
  });
});
