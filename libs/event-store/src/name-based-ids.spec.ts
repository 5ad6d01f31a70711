import { EventContextSchema } from '@tablecast/events';
import { describe, expect, it } from 'vitest';
import { nameBasedEventId } from './name-based-ids';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('nameBasedEventId', () => {
  it("is RFC 9562's version-5 UUID: the RFC's example (www.example.com in the DNS namespace)", () => {
    expect(nameBasedEventId(DNS_NAMESPACE, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives a name the same id every time, another name another id, and ids the envelope schema accepts', () => {
    const ids = Array.from({ length: 200 }, (_, n) =>
      nameBasedEventId(DNS_NAMESPACE, `match-m1\nkey-${String(n)}`),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(nameBasedEventId(DNS_NAMESPACE, 'match-m1\nkey-7')).toBe(ids[7]);
    for (const id of ids) expect(EventContextSchema.shape.eventId.safeParse(id).success).toBe(true);
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => nameBasedEventId('not-a-uuid', 'x')).toThrow('namespace not-a-uuid is not a UUID');
  });
});
