import { doubleDeck } from '@tablecast/cards';
import { parseClientMessage } from '@tablecast/protocol';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

/** The longest free text a command may carry (a note, a reason), in the costliest encoding: \uXXXX. */
const LONGEST_TEXT = '裁'.repeat(500);
const key = 'k'.repeat(128);
const envelope = { type: 'command', requestId: 'r'.repeat(64), matchId: 'm'.repeat(64) };

/** The largest message of each kind a console or page may legitimately send. */
const largest = {
  keyedDeal: {
    ...envelope,
    request: {
      revision: 999_999,
      idempotencyKey: key,
      command: { type: 'DealCards', order: doubleDeck(), cutIndex: 107 },
    },
  },
  penaltyNote: {
    ...envelope,
    request: {
      revision: 999_999,
      idempotencyKey: key,
      command: { type: 'IssuePenalty', seat: 'N', sanction: 'foul', rule: 'GD-PEN-11', note: LONGEST_TEXT },
    },
  },
  correctionReason: {
    ...envelope,
    request: {
      revision: 999_999,
      idempotencyKey: key,
      command: { type: 'RequestCorrection', toRevision: 999_998, reason: LONGEST_TEXT },
    },
  },
  announce: {
    type: 'announce',
    page: 'p'.repeat(64),
    build: 'b'.repeat(64),
    matchId: 'm'.repeat(64),
    audience: 'a'.repeat(32),
    lang: 'l'.repeat(16),
    lastSeq: 999_999_999,
  },
};

/** JSON with every non-ASCII character escaped: the most bytes a client's encoder could use. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

describe('WS_MAX_PAYLOAD fits the protocol', () => {
  const limit = loadConfig({}).WS_MAX_PAYLOAD;

  it.each(Object.entries(largest))(
    'the largest %s is valid and under a third of the default limit',
    (_, message) => {
      const text = asciiJson(message);
      expect(parseClientMessage(text)).toMatchObject({ ok: true });
      expect(Buffer.byteLength(text)).toBeLessThan(limit / 3);
    },
  );

  it('is a few KB, not the 100 MiB ws accepts by default', () => {
    expect(limit).toBeLessThanOrEqual(16 * 1024);
  });
});
