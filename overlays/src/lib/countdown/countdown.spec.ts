import { describe, expect, it } from 'vitest';
import { countdownParams, countdownText, secondsLeft } from './countdown';

const at = (hours: number, minutes: number): number => new Date(2026, 10, 28, hours, minutes, 0, 0).getTime();
const read = (query: string, nowMs: number): ReturnType<typeof countdownParams> =>
  countdownParams(new URLSearchParams(query), nowMs);

describe('the countdown page settings', () => {
  it('reads an ISO time with its offset, and a wall-clock time today (tomorrow once past)', () => {
    expect(read('until=2026-11-28T15:30:00Z', 0)).toEqual({
      ok: true,
      untilMs: Date.parse('2026-11-28T15:30:00Z'),
      label: null,
    });
    expect(read('until=15:30', at(15, 0))).toEqual({ ok: true, untilMs: at(15, 30), label: null });
    expect(read('until=00:10', at(23, 55))).toEqual({
      ok: true,
      untilMs: at(0, 10) + 86_400_000,
      label: null,
    });
    expect(read('until=15:30&label=%20Back%20soon%20', at(15, 0))).toMatchObject({ label: 'Back soon' });
  });

  it('names the field when until is missing, malformed or impossible', () => {
    for (const query of [
      '',
      'until=',
      'until=soon',
      'until=25:00',
      'until=2026-11-28',
      'until=2026-11-28T15:30',
    ])
      expect(read(query, 0)).toMatchObject({ ok: false, field: 'until' });
  });

  it('counts whole seconds up and writes m:ss or h:mm:ss', () => {
    expect(secondsLeft(10_000, 8_500)).toBe(2);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
    expect(countdownText(0)).toBe('0:00');
    expect(countdownText(299)).toBe('4:59');
    expect(countdownText(3_661)).toBe('1:01:01');
  });
});
