import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterSecondsOf, sendAgainWhileRefusedForAWhile } from './http-resend';
import { MAX_TEMPORARY_RESENDS } from './temporary-refusal';

const answer = (status: number, retryAfter?: string) => ({
  status,
  headers: new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
});

describe('retryAfterSecondsOf', () => {
  it("reads a 503's Retry-After in whole seconds; nothing else is a wait", () => {
    expect(retryAfterSecondsOf(answer(503, '1'))).toBe(1);
    expect(retryAfterSecondsOf(answer(503, ' 30 '))).toBe(30);
    expect(retryAfterSecondsOf(answer(503))).toBeUndefined();
    // An HTTP date or garbage: the server sends seconds, a guess would be no better than showing it.
    expect(retryAfterSecondsOf(answer(503, 'Wed, 21 Oct 2026 07:28:00 GMT'))).toBeUndefined();
    expect(retryAfterSecondsOf(answer(503, '-1'))).toBeUndefined();
    // Only a temporary refusal is sent again as it was.
    expect(retryAfterSecondsOf(answer(429, '1'))).toBeUndefined();
    expect(retryAfterSecondsOf(answer(500, '1'))).toBeUndefined();
    expect(retryAfterSecondsOf({ status: 503 })).toBeUndefined();
  });
});

describe('sendAgainWhileRefusedForAWhile', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits out the Retry-After and sends again; the answer after the refusal is the one returned', async () => {
    vi.useFakeTimers();
    const answers = [answer(503, '2'), answer(200)];
    const send = vi.fn(() => Promise.resolve(answers.shift() ?? answer(200)));
    const waits: number[] = [];
    const done = sendAgainWhileRefusedForAWhile(send, (seconds) => waits.push(seconds));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).toHaveBeenCalledTimes(1);
    // The page hears of the wait as it starts, to say the request goes again by itself.
    expect(waits).toEqual([2]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toMatchObject({ status: 200 });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('returns the refusal once it outlasted as many resends as a websocket command gets', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => Promise.resolve(answer(503, '1')));
    const done = sendAgainWhileRefusedForAWhile(send);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(done).resolves.toMatchObject({ status: 503 });
    expect(send).toHaveBeenCalledTimes(1 + MAX_TEMPORARY_RESENDS);
  });

  it('returns at once a refusal without Retry-After, and any other answer', async () => {
    for (const first of [answer(503), answer(409, '1'), answer(404), answer(201)]) {
      const send = vi.fn(() => Promise.resolve(first));
      await expect(sendAgainWhileRefusedForAWhile(send)).resolves.toBe(first);
      expect(send).toHaveBeenCalledTimes(1);
    }
  });
});
