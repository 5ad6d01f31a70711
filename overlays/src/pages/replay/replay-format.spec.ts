import { describe, expect, it } from 'vitest';
import { utcTime, venueTime } from './replay-format';

describe('replay times', () => {
  it("gives the venue's clock beside UTC, to the millisecond", () => {
    const iso = '2026-11-28T23:59:58.123Z';
    expect(utcTime(iso)).toBe('23:59:58.123');
    expect(venueTime(iso, 'Asia/Shanghai')).toBe('07:59:58.123');
    expect(venueTime(iso, 'Europe/Paris')).toBe('00:59:58.123');
    expect(venueTime('', 'Asia/Shanghai')).toBe('');
  });
});
