import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorRoles, EventContextSchema } from '../envelope';
import { checkEventContext } from './event-context-check';

/** Ids around the 1..128 limits, text of any kind (lone surrogates count as one unit each). */
const id = fc.oneof(
  fc.string({ unit: 'binary', minLength: 0, maxLength: 3 }),
  fc.string({ minLength: 126, maxLength: 130 }),
  fc.string({ unit: 'grapheme', maxLength: 70 }),
);
const uuid = fc.oneof(
  fc.uuid(),
  fc.uuid().map((text) => text.toUpperCase()),
  fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  fc.constantFrom(
    '00000000-0000-4000-8000-00000000000g',
    'not-a-uuid',
    '',
    '00000000-0000-9000-8000-000000000000',
  ),
);
const role = fc.oneof(
  fc.constantFrom(...actorRoles),
  fc.constantFrom('viewer', 'Operator', ''),
  fc.integer(),
);
const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean(), fc.object());

const context = fc.record(
  {
    eventId: fc.oneof(uuid, value),
    correlationId: fc.oneof(id, value),
    causationId: fc.oneof(id, value),
    actor: fc.oneof(
      fc.record({ id: fc.oneof(id, value), role, extra: value }, { requiredKeys: ['id', 'role'] }),
      fc.record({ id: fc.oneof(id, value), role }, { requiredKeys: [] }),
      value,
    ),
    extra: value,
  },
  { requiredKeys: ['correlationId', 'causationId', 'actor'] },
);

describe('checkEventContext', () => {
  it('accepts exactly what EventContextSchema accepts, and returns what zod returns', () => {
    fc.assert(
      fc.property(fc.oneof(context, value), (input) => {
        const parsed = EventContextSchema.safeParse(input);
        const checked = checkEventContext(input);
        expect(checked !== undefined).toBe(parsed.success);
        if (parsed.success) expect(checked).toStrictEqual(parsed.data);
      }),
      { numRuns: 5000 },
    );
  });

  it('passes the usual envelope, with and without an id', () => {
    const usual = {
      correlationId: 'cmd-1',
      causationId: null,
      actor: { id: 'operator-t1', role: 'operator', name: 'dropped as zod drops it' },
    };
    expect(checkEventContext(usual)).toStrictEqual({
      correlationId: 'cmd-1',
      causationId: null,
      actor: { id: 'operator-t1', role: 'operator' },
    });
    const withId = { ...usual, eventId: '0f8e7bd2-3c0a-4a8e-9a55-2b7c1d3e4f50' };
    expect(checkEventContext(withId)?.eventId).toBe(withId.eventId);
  });
});
