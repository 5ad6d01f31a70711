import { describe, expect, it } from 'vitest';
import { effectiveEvents } from './effective-events';

const e = (revision: number, type = 'CardsPlayed', data: unknown = {}) => ({ revision, type, data });

describe('effectiveEvents', () => {
  it('keeps everything when nothing was corrected', () => {
    const events = [e(0, 'MatchCreated'), e(1), e(2)];
    expect(effectiveEvents(events)).toEqual(events);
  });

  it('drops the retracted range but keeps the correction events and what came after', () => {
    const events = [
      e(0, 'MatchCreated'),
      e(1),
      e(2),
      e(3, 'CorrectionRequested'),
      e(4, 'CorrectionConfirmed', { retracted: { from: 2, to: 3 } }),
      e(5),
    ];
    expect(effectiveEvents(events).map((x) => x.revision)).toEqual([0, 1, 3, 4, 5]);
  });

  it('lets a later correction retract across an earlier one', () => {
    const events = [
      e(0, 'MatchCreated'),
      e(1),
      e(2),
      e(3, 'CorrectionConfirmed', { retracted: { from: 2, to: 2 } }),
      e(4),
      e(5, 'CorrectionConfirmed', { retracted: { from: 1, to: 4 } }),
      e(6),
    ];
    expect(effectiveEvents(events).map((x) => x.revision)).toEqual([0, 3, 5, 6]);
  });
});
