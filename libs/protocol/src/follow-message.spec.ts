import { describe, expect, it } from 'vitest';
import { parseClientMessage } from './client-messages';

describe('follow (a page set up per table or per show)', () => {
  it('accepts a table id, or onAir: true', () => {
    expect(parseClientMessage('{"type":"follow","table":"final-1"}')).toEqual({
      ok: true,
      message: { type: 'follow', table: 'final-1' },
    });
    expect(parseClientMessage('{"type":"follow","onAir":true}')).toEqual({
      ok: true,
      message: { type: 'follow', onAir: true },
    });
  });

  it('refuses both or neither, and a bad table id, naming the field', () => {
    const exactlyOne = 'field "table": give exactly one of table (a table id) or onAir (true)';
    expect(parseClientMessage('{"type":"follow"}')).toEqual({ ok: false, reason: exactlyOne });
    expect(parseClientMessage('{"type":"follow","table":"t1","onAir":true}')).toEqual({
      ok: false,
      reason: exactlyOne,
    });
    expect(parseClientMessage('{"type":"follow","table":"no spaces"}')).toEqual({
      ok: false,
      reason: 'field "table": must be 1-64 characters of A-Z a-z 0-9 _ . : -',
    });
    expect(parseClientMessage('{"type":"follow","onAir":false}')).toMatchObject({ ok: false });
  });
});
