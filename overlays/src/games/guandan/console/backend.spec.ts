import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMatchState } from './backend';

describe('fetchMatchState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read refused for a while (503 with Retry-After) is read again after that wait; the later answer is the one shown', async () => {
    vi.useFakeTimers();
    const answers = [
      {
        ok: false,
        status: 503,
        headers: new Headers({ 'retry-after': '2' }),
        json: () => Promise.resolve({ statusCode: 503, message: 'the event log is unreachable' }),
      },
      {
        ok: false,
        status: 404,
        headers: new Headers(),
        json: () => Promise.resolve({ message: 'no match m1' }),
      },
    ];
    const fetchFn = vi.fn(() =>
      Promise.resolve(answers.shift() ?? { ok: false, status: 500, json: () => Promise.resolve(null) }),
    );
    const read = fetchMatchState('http://h', 'm1', 'tok', fetchFn);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(read).resolves.toEqual({ ok: false, status: 404, message: 'no match m1' });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});
