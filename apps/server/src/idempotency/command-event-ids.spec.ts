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

  it('keeps the ids already stored (computed with uuid v5 before its own implementation): a resend across an upgrade matches', () => {
    expect(id('match-m1', 'k1', 'f1', 0)).toBe('7398ba36-059f-5666-befe-e133a8d39129');
    expect(id('match-m1', 'k1', 'f1', 3)).toBe('77e80771-910e-54ba-83e2-6539d912aa76');
    expect(id('match-m1', 'clé-✓-裁-🂡', 'f1', 0)).toBe('23584e80-5ccf-5041-91f1-493a04537071');
  });

  it('cannot be made to collide by moving text between the parts', () => {
    expect(id('match-m1', 'k\n1', 'f', 0)).not.toBe(id('match-m1', 'k', '1\nf', 0));
  });
});
