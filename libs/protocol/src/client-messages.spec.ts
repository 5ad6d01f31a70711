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

  it('names the nonce field when it is missing', () => {
    const result = parseClientMessage('{"type":"ping"}');
    expect(!result.ok && result.reason).toContain('field "nonce"');
  });
});
