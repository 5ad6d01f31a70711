import type { MomentView } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { rememberMoment, resolveCue, type RememberedMoments } from './cue-replay';

const at = '2026-11-24T05:00:00.000Z';
const bomb = (revision: number, type: 'bomb' | 'straightFlush' | 'fourJokers'): MomentView => ({
  revision,
  at,
  kind: 'bomb',
  seat: 'S',
  cards: ['S9', 'H9', 'C9', 'D9'],
  as: { type, length: 4 },
});
const penalty = (revision: number): MomentView => ({
  revision,
  at,
  kind: 'penalty',
  seat: 'E',
  sanction: 'warning',
  rule: 'GD-TIME-1',
});

function remember(...moments: MomentView[]): RememberedMoments {
  return moments.reduce<RememberedMoments>(rememberMoment, {});
}

describe('cue replay (issue 9: a cue names a kind, the page replays what it already has)', () => {
  it('replays the latest moment of the cued kind, not a later moment of another kind', () => {
    const memory = remember(bomb(10, 'bomb'), penalty(12));
    expect(resolveCue(memory, { moment: 'bomb' }, 1)).toEqual({
      id: 1,
      cue: { moment: 'bomb' },
      moment: bomb(10, 'bomb'),
    });
    expect(resolveCue(memory, { moment: 'penalty' }, 2).moment).toEqual(penalty(12));
  });

  it('keeps bomb classes apart (GD-COMBO-8…10); a bomb cue takes the latest of any class', () => {
    const memory = remember(bomb(5, 'straightFlush'), bomb(9, 'bomb'), bomb(7, 'fourJokers'));
    expect(resolveCue(memory, { moment: 'straightFlush' }, 1).moment?.revision).toBe(5);
    expect(resolveCue(memory, { moment: 'fourJokers' }, 1).moment?.revision).toBe(7);
    expect(resolveCue(memory, { moment: 'bomb' }, 1).moment?.revision).toBe(9);
  });

  it('a late (older) frame never replaces a newer remembered moment', () => {
    const memory = remember(penalty(20), penalty(15));
    expect(resolveCue(memory, { moment: 'penalty' }, 1).moment?.revision).toBe(20);
  });

  it('nothing remembered, clear, delay building and lower thirds resolve to no moment', () => {
    const memory = remember(bomb(3, 'bomb'));
    expect(resolveCue(memory, { moment: 'tribute' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'handEnd' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'clear' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { moment: 'delayBuilding' }, 1).moment).toBeNull();
    expect(resolveCue(memory, { lowerThird: 'S' }, 1)).toEqual({
      id: 1,
      cue: { lowerThird: 'S' },
      moment: null,
    });
  });
});
