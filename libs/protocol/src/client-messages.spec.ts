import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './client-messages';

describe('parseClientMessage', () => {
  it('accepts a ping with a nonce', () => {
    expect(parseClientMessage('{"type":"ping","nonce":"a1"}')).toEqual({
      ok: true,
      message: { type: 'ping', nonce: 'a1' },
    });
  });

  it('rejects text that is not JSON', () => {
    expect(parseClientMessage('{')).toEqual({ ok: false, reason: 'frame is not valid JSON' });
  });

  it('names the type field for an unknown message', () => {
    const result = parseClientMessage('{"type":"steal-cards"}');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain('field "type"');
  });

  it('quotes an unknown type back only as a short prefix, however long the client made it', () => {
    const huge = 'x'.repeat(100_000);
    const result = parseClientMessage(JSON.stringify({ type: huge }));
    const reason = result.ok ? '' : result.reason;
    expect(reason).toContain('field "type"');
    expect(reason).toContain('"xxxxxxxx');
    expect(reason).toContain('(100002 chars)');
    expect(reason.length).toBeLessThan(120);
  });

  it('names the nonce field when it is missing', () => {
    const result = parseClientMessage('{"type":"ping"}');
    expect(!result.ok && result.reason).toContain('field "nonce"');
  });

  it('accepts a feed subscription with any audience name and an optional last seq', () => {
    expect(
      parseClientMessage('{"type":"subscribe","matchId":"m_1","audience":"press","lastSeq":41}'),
    ).toEqual({
      ok: true,
      message: { type: 'subscribe', matchId: 'm_1', audience: 'press', lastSeq: 41 },
    });
    expect(parseClientMessage('{"type":"unsubscribe","matchId":"m_1"}').ok).toBe(true);
  });

  it('names the field of a bad subscription (negative seq, bad match id)', () => {
    const negative = parseClientMessage(
      '{"type":"subscribe","matchId":"m_1","audience":"venue","lastSeq":-1}',
    );
    expect(!negative.ok && negative.reason).toContain('field "lastSeq"');
    const badId = parseClientMessage('{"type":"subscribe","matchId":"../x","audience":"venue"}');
    expect(!badId.ok && badId.reason).toContain('field "matchId"');
  });
});
