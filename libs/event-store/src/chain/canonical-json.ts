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
      // String concatenation rather than map/join: this runs for every event appended.
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          const item: unknown = value[i];
          if (i > 0) out += ',';
          out += item === undefined ? 'null' : canonicalJson(item);
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length > 1) keys.sort();
      let out = '{';
      for (const key of keys) {
        const item = record[key];
        if (item === undefined) continue;
        if (out.length > 1) out += ',';
        out += `${JSON.stringify(key)}:${canonicalJson(item)}`;
      }
      return `${out}}`;
    }
    case 'undefined':
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new TypeError(`cannot encode a ${typeof value} as JSON`);
  }
}
