import type { GameMatchView } from '@tablecast/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMatchView } from './match-view-read';

const view = { matchId: 'm1', game: 'doudizhu', revision: 4 } as unknown as GameMatchView;

describe('readMatchView', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a read refused for a while (503 with Retry-After) is read again after that wait and answers the view', async () => {
    vi.useFakeTimers();
    const answers = [
      {
        ok: false,
        status: 503,
        headers: new Headers({ 'retry-after': '1' }),
        json: () => Promise.resolve({ statusCode: 503, message: 'the event log is unreachable' }),
      },
      { ok: true, status: 200, headers: new Headers(), json: () => Promise.resolve(view) },
    ];
    const calls: (Record<string, string> | undefined)[] = [];
    const fetchFn = (_: string, init?: { headers?: Record<string, string> }) => {
      calls.push(init?.headers);
      const next = answers.shift();
      return next === undefined ? Promise.reject(new Error('read too often')) : Promise.resolve(next);
    };
    const read = readMatchView('http://h', 'm1', 'tok', fetchFn);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(read).resolves.toEqual({ ok: true, view });
    expect(calls.map((headers) => headers?.authorization)).toEqual(['Bearer tok', 'Bearer tok']);
  });

  it('a refusal that does not change by waiting (no Retry-After) is answered at once', async () => {
    const fetchFn = vi.fn(() =>
      Promise.resolve({
        ok: false,
        status: 404,
        json: () => Promise.resolve({ statusCode: 404, message: 'no match m1' }),
      }),
    );
    await expect(readMatchView('http://h', 'm1', 'tok', fetchFn)).resolves.toEqual({
      ok: false,
      status: 404,
      message: 'no match m1',
    });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
