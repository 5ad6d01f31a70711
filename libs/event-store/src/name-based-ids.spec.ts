import { EventContextSchema } from '@tablecast/events';
import fc from 'fast-check';
import { v5 as uuidV5 } from 'uuid';
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

  it('is uuid’s v5 (the oracle) for any name in any namespace, and refuses the names uuid refuses', () => {
    const namespace = fc.oneof(
      fc.constant(DNS_NAMESPACE),
      fc.uuid(),
      fc.uuid().map((uuid) => uuid.toUpperCase()),
    );
    // Whole code points of every plane, and single UTF-16 units (lone surrogates included).
    const name = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string());
    fc.assert(
      fc.property(namespace, name, (ns, text) => {
        let expected: string | undefined;
        try {
          expected = uuidV5(text, ns);
        } catch {
          expected = undefined;
        }
        if (expected === undefined) expect(() => nameBasedEventId(ns, text)).toThrow('lone surrogate');
        else expect(nameBasedEventId(ns, text)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a name with a lone surrogate, as uuid does, and takes a surrogate pair', () => {
    expect(() => uuidV5('a\uD83Cb', DNS_NAMESPACE)).toThrow(URIError);
    expect(() => nameBasedEventId(DNS_NAMESPACE, 'a\uD83Cb')).toThrow('lone surrogate');
    expect(() => nameBasedEventId(DNS_NAMESPACE, 'a\uDCA1')).toThrow('lone surrogate');
    expect(nameBasedEventId(DNS_NAMESPACE, '\uD83C\uDCA1')).toBe(uuidV5('🂡', DNS_NAMESPACE));
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => nameBasedEventId('not-a-uuid', 'x')).toThrow('namespace not-a-uuid is not a UUID');
  });
});
