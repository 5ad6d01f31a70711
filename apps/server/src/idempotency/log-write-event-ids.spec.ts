import { describe, expect, it } from 'vitest';
import { logWriteEventId } from './log-write-event-ids';

describe('logWriteEventId', () => {
  it('names a write’s events after the stream, the revision written against, the write and the event’s place: the same write gets the same ids', () => {
    const id = logWriteEventId('match-m1', 7, ['ruling', 'RU_1', 'f1'], 0);
    expect(logWriteEventId('match-m1', 7, ['ruling', 'RU_1', 'f1'], 0)).toBe(id);
    const others = [
      id,
      logWriteEventId('match-m1', 7, ['ruling', 'RU_1', 'f1'], 1),
      logWriteEventId('match-m2', 7, ['ruling', 'RU_1', 'f1'], 0),
      logWriteEventId('match-m1', 8, ['ruling', 'RU_1', 'f1'], 0),
      logWriteEventId('match-m1', 7, ['ruling', 'RU_2', 'f1'], 0),
      // The same ruling id on another sheet: other ids, so the store cannot take it for the first.
      logWriteEventId('match-m1', 7, ['ruling', 'RU_1', 'f2'], 0),
    ];
    expect(new Set(others).size).toBe(others.length);
  });

  it('keeps its ids for good (computed with uuid v5 in its namespace): a write sent again across an upgrade matches', () => {
    expect(logWriteEventId('match-m1', 7, ['ruling', 'RU_1', 'f1'], 0)).toBe(
      '0f9d89d5-ad71-57d1-b215-bd5209342698',
    );
    expect(logWriteEventId('match-m1', 7, ['score-correction', 'clé-✓-裁', 'f1'], 2)).toBe(
      'cbe462a7-05c8-5a7e-a52f-0fd7bdc87ee2',
    );
  });

  it('cannot be made to collide by moving text between the parts', () => {
    expect(logWriteEventId('match-m1', 1, ['k:1', 'f'], 0)).not.toBe(
      logWriteEventId('match-m1', 1, ['k', '1:f'], 0),
    );
    expect(logWriteEventId('match-m1', 1, ['k'], 0)).not.toBe(logWriteEventId('match-m1', 1, ['k', ''], 0));
  });

  it('is a version-5 UUID, so the store takes it as an event id', () => {
    expect(logWriteEventId('match-m1', 0, ['players-left'], 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
