import { describe, expect, it } from 'vitest';
import { commandEventId } from './command-event-ids';

describe('commandEventId', () => {
  const id = (stream: string, key: string, fingerprint: string, index: number): string =>
    commandEventId(stream, key, fingerprint, index);

  it("names a command's events after the stream, the key, the request's fingerprint and the event's place: a resend gets the same ids", () => {
    expect(id('match-m1', 'k1', 'f1', 0)).toBe(id('match-m1', 'k1', 'f1', 0));
    const others = [
      id('match-m1', 'k1', 'f1', 0),
      id('match-m1', 'k1', 'f1', 1),
      id('match-m2', 'k1', 'f1', 0),
      id('match-m1', 'k2', 'f1', 0),
      // The same key reused for another request: other ids, so the store cannot take it for the first.
      id('match-m1', 'k1', 'f2', 0),
    ];
    expect(new Set(others).size).toBe(others.length);
  });

  it('cannot be made to collide by moving text between the parts', () => {
    expect(id('match-m1', 'k\n1', 'f', 0)).not.toBe(id('match-m1', 'k', '1\nf', 0));
  });
});
