import { describe, expect, it } from 'vitest';
import { GuandanEventSchema, guandanEventSchemas, guandanEventTypes } from './catalog';

describe('Guandan event catalog', () => {
  it('lists one past-tense type per schema, with no duplicates', () => {
    expect(guandanEventTypes).toHaveLength(guandanEventSchemas.length);
    expect(new Set(guandanEventTypes).size).toBe(guandanEventTypes.length);
    expect(guandanEventTypes).toContain('CardsPlayed');
  });

  it('parses a CardsPlayed event in oracle notation and rejects a bad card id', () => {
    const event = {
      type: 'CardsPlayed',
      data: {
        seat: 'S',
        cards: ['H5a', 'S5b'],
        as: { type: 'pair', rank: '5', length: 2 },
        declared: false,
        lead: true,
      },
    };
    expect(GuandanEventSchema.parse(event)).toEqual(event);
    const bad = { ...event, data: { ...event.data, cards: ['H10a'] } };
    expect(GuandanEventSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects an unknown event type', () => {
    expect(GuandanEventSchema.safeParse({ type: 'CardsThrown', data: {} }).success).toBe(false);
  });
});
