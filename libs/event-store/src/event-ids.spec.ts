import { EventContextSchema } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { randomEventId } from './event-ids';

/** Version 4, variant 10xx, lowercase: what crypto.randomUUID returns. */
const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomEventId', () => {
  // 1,000 ids span eight refills of the 128-id block, so a block boundary is crossed several times.
  const ids = Array.from({ length: 1000 }, () => randomEventId());

  it('makes lowercase version-4 UUIDs that the envelope schema accepts', () => {
    for (const id of ids) {
      expect(id).toMatch(v4);
      expect(EventContextSchema.shape.eventId.safeParse(id).success).toBe(true);
    }
  });

  it('never repeats an id, within a block or across refills', () => {
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws every random digit from fresh bytes: each position takes many values', () => {
    // A refill that skipped the CSPRNG or a byte would leave some position constant (or nearly).
    for (let position = 0; position < 36; position += 1) {
      const values = new Set(ids.map((id) => id[position]));
      if ([8, 13, 18, 23].includes(position)) expect([...values]).toEqual(['-']);
      else if (position === 14) expect([...values]).toEqual(['4']);
      else if (position === 19) expect([...values].sort()).toEqual(['8', '9', 'a', 'b']);
      else expect(values.size).toBe(16);
    }
  });
});
