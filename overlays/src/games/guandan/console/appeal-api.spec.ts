import { afterEach, describe, expect, it, vi } from 'vitest';
import { postAppeal } from './appeal-api';
import type { FileAppealBody } from './appeal-request';

const body: FileAppealBody = {
  appealId: 'ap_1',
  handNumber: 1,
  disputedRevisions: [3],
  statement: 's',
  language: 'en',
  appellant: { team: 'NS', captain: 'c' },
  fee: { amount: 0 },
};

describe('postAppeal', () => {
  it('posts the body with the token in the Authorization header and returns the filed appeal', async () => {
    const calls: { input: string; init: { headers: Record<string, string>; body: string } }[] = [];
    const outcome = await postAppeal('http://h', 'm 1', 'tok', body, (input, init) => {
      calls.push({ input, init });
      return Promise.resolve({
        ok: true,
        status: 201,
        json: () => Promise.resolve({ appealId: 'ap_1', answerDue: '2026-01-01T12:00:00.000Z' }),
      });
    });
    expect(outcome).toEqual({
      ok: true,
      appeal: { appealId: 'ap_1', answerDue: '2026-01-01T12:00:00.000Z' },
    });
    expect(calls[0]?.input).toBe('http://h/api/matches/m%201/appeals');
    expect(calls[0]?.init.headers.authorization).toBe('Bearer tok');
    expect(JSON.parse(calls[0]?.init.body ?? '')).toEqual(body);
  });

  it("returns the server's error body, or status 0 when nothing answered", async () => {
    const error = { statusCode: 422, error: 'RuleViolation', rule: 'GD-APL-1', message: 'late' };
    await expect(
      postAppeal('http://h', 'm', 't', body, () =>
        Promise.resolve({ ok: false, status: 422, json: () => Promise.resolve(error) }),
      ),
    ).resolves.toEqual({ ok: false, status: 422, error, message: 'late' });
    await expect(
      postAppeal('http://h', 'm', 't', body, () => Promise.reject(new Error('down'))),
    ).resolves.toEqual({
      ok: false,
      status: 0,
      error: null,
      message: 'down',
    });
  });

  describe('refused for a while', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('a 503 with Retry-After (the log busy, nothing filed) is sent again after that wait, the same body with the same appealId, and files the appeal', async () => {
      vi.useFakeTimers();
      const sent: string[] = [];
      const answers = [
        {
          ok: false,
          status: 503,
          headers: new Headers({ 'retry-after': '1' }),
          json: () => Promise.resolve({ statusCode: 503, error: 'ServiceUnavailable', message: 'busy' }),
        },
        {
          ok: true,
          status: 201,
          headers: new Headers(),
          json: () => Promise.resolve({ appealId: 'ap_1', answerDue: '2026-01-01T12:00:00.000Z' }),
        },
      ];
      const outcome = postAppeal('http://h', 'm', 't', body, (_input, init) => {
        sent.push(init.body);
        const next = answers.shift();
        return next === undefined ? Promise.reject(new Error('sent too often')) : Promise.resolve(next);
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toEqual({
        ok: true,
        appeal: { appealId: 'ap_1', answerDue: '2026-01-01T12:00:00.000Z' },
      });
      expect(sent).toEqual([JSON.stringify(body), JSON.stringify(body)]);
    });

    it('shows the refusal once it outlasted the resends', async () => {
      vi.useFakeTimers();
      let calls = 0;
      const refusal = { statusCode: 503, error: 'ServiceUnavailable', message: 'the event log is busy' };
      const outcome = postAppeal('http://h', 'm', 't', body, () => {
        calls += 1;
        return Promise.resolve({
          ok: false,
          status: 503,
          headers: new Headers({ 'retry-after': '1' }),
          json: () => Promise.resolve(refusal),
        });
      });
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(outcome).resolves.toEqual({
        ok: false,
        status: 503,
        error: refusal,
        message: refusal.message,
      });
      expect(calls).toBe(4);
    });
  });
});
