/**
 * Canonical JSON as in RFC 8785 (JCS) for the values events carry: object keys sorted by UTF-16
 * code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them,
 * keys whose value is undefined omitted (as JSON storage drops them). Two encodings of the same
 * event are byte-identical, so a hash over it survives re-serialisation by either store.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`cannot encode ${String(value)} canonically`);
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        return `[${value.map((item: unknown) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const parts: string[] = [];
      for (const key of Object.keys(record).sort()) {
        const item = record[key];
        if (item !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
      }
      return `{${parts.join(',')}}`;
    }
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new TypeError(`cannot encode a ${typeof value} as JSON`);
  }
}
