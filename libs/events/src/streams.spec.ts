import { describe, expect, it } from 'vitest';
import { appealStream, broadcastStream, matchStream, parseStreamName, tournamentStream } from './streams';

describe('stream names', () => {
  it('name one stream per match, appeal and tournament and parse back', () => {
    expect(matchStream('F1.3')).toBe('match-F1.3');
    expect(appealStream('A7')).toBe('appeal-A7');
    expect(tournamentStream('2026:CN')).toBe('tournament-2026:CN');
    expect(parseStreamName('match-F1.3')).toEqual({ kind: 'match', id: 'F1.3' });
    expect(broadcastStream('F1.3')).toBe('broadcast-F1.3');
    expect(parseStreamName('broadcast-F1.3')).toEqual({ kind: 'broadcast', id: 'F1.3' });
    expect(parseStreamName('$all')).toBeUndefined();
  });

  it('refuse ids that would make a name ambiguous or unsafe', () => {
    expect(() => matchStream('a b')).toThrow(RangeError);
    expect(() => matchStream('')).toThrow(RangeError);
  });
});
