import { createHash } from 'node:crypto';
import { canonicalJson } from '@tablecast/event-store';
import { describe, expect, it } from 'vitest';
import { requestFingerprint } from './request-fingerprint';

/**
 * Fingerprints are stored with each keyed command's events, and a retry is compared with the
 * stored one, across restarts and versions: the digest must stay the SHA-256 of the canonical JSON
 * (UTF-8), first 128 bits in hex, as the log's earlier entries were written.
 */
function storedForm(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request), 'utf8').digest('hex').slice(0, 32);
}

describe('requestFingerprint', () => {
  it.each([
    ['a command', { matchId: 'm-1', revision: 7, command: { type: 'Play', seat: 2, cards: ['H3', 'H4'] } }],
    [
      'non-ASCII text',
      { matchId: 'm-1', revision: 0, command: { type: 'Note', text: '更正待裁判确认 ♠ é' } },
    ],
    ['an empty object', {}],
  ])('is the stored form of %s', (_name, request) => {
    expect(requestFingerprint(request)).toBe(storedForm(request));
    expect(requestFingerprint(request)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('ignores key order and tells any value apart', () => {
    const a = requestFingerprint({ matchId: 'm-1', revision: 3, command: { type: 'Pass', seat: 1 } });
    expect(requestFingerprint({ command: { seat: 1, type: 'Pass' }, revision: 3, matchId: 'm-1' })).toBe(a);
    expect(requestFingerprint({ matchId: 'm-1', revision: 4, command: { type: 'Pass', seat: 1 } })).not.toBe(
      a,
    );
  });
});
