import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchEncoder } from './batch-encoder';
import { canonicalJson } from './canonical-json';
import { encodeEvent, sha256Hex, type HashedFields } from './hash';

/** Few values per field, so that runs of events share some fields and change others. */
const pick = <T>(...values: T[]): fc.Arbitrary<T> => fc.constantFrom(...values);
const odd = fc.string({ unit: 'binary', maxLength: 6 }); // quotes, control characters, lone surrogates

const event: fc.Arbitrary<HashedFields> = fc.record({
  stream: fc.oneof(pick('match-1', 'match-2'), odd),
  revision: fc.oneof(fc.nat(), fc.constant(1.5)),
  type: pick('CardsPlayed', 'Passed', 'ty"pe'),
  data: fc.jsonValue(),
  metadata: fc.record({
    eventId: fc.oneof(fc.uuid(), odd),
    correlationId: fc.oneof(pick('cmd-1', 'cmd-2'), odd),
    causationId: fc.oneof(pick('cmd-0', null), odd),
    actor: fc.record({
      id: fc.oneof(pick('operator-t1', 'referee-1'), odd),
      role: pick('operator', 'referee'),
    }),
    recordedAt: pick('2026-11-24T11:00:00.000Z', '2026-11-24T11:00:00.001Z'),
    schemaVersion: fc.oneof(pick(1, 2), fc.constant(1.5)),
    prevHash: fc.oneof(fc.constant(null), pick('ab'.repeat(32), 'cd'.repeat(32))),
  }),
});

describe('BatchEncoder', () => {
  it('gives every event of a run the hash and envelope of encodeEvent, whatever changes between them', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 12 }), (run) => {
        const encoder = new BatchEncoder();
        for (const fields of run) {
          const data = canonicalJson(fields.data);
          const expected = encodeEvent(fields, data);
          expect(encoder.encode(fields, data)).toEqual({
            hash: sha256Hex(expected.hashInput),
            envelope: expected.envelope,
          });
        }
      }),
      { numRuns: 500 },
    );
  }, 30_000);
});
