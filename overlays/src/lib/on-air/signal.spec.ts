import { describe, expect, it } from 'vitest';
import { SIGNAL_STALE_AFTER_MS, signalAt } from './signal';

describe('signal', () => {
  it('is ok while connected, lost at once, stale after SIGNAL_STALE_AFTER_MS', () => {
    expect(signalAt(null, 5_000)).toBe('ok');
    expect(signalAt(1_000, 1_000)).toBe('lost');
    expect(signalAt(1_000, 1_000 + SIGNAL_STALE_AFTER_MS - 1)).toBe('lost');
    expect(signalAt(1_000, 1_000 + SIGNAL_STALE_AFTER_MS)).toBe('stale');
  });
});
