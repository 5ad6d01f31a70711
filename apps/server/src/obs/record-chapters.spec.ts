import { describe, expect, it } from 'vitest';
import { chapterName } from './record-chapters';

describe('record chapter names', () => {
  it('name hand start, hand end and penalties by stream and revision', () => {
    expect(chapterName({ stream: 'match-F1', revision: 0, type: 'HandStarted' })).toBe(
      'match-F1 #0 hand start',
    );
    expect(chapterName({ stream: 'match-F1', revision: 57, type: 'HandEnded' })).toBe(
      'match-F1 #57 hand end',
    );
    expect(chapterName({ stream: 'match-F1', revision: 12, type: 'PenaltyIssued' })).toBe(
      'match-F1 #12 penalty',
    );
  });

  it('give no chapter to other facts', () => {
    expect(chapterName({ stream: 'match-F1', revision: 3, type: 'CardsPlayed' })).toBeNull();
  });
});
