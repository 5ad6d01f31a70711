/**
 * Canonical JSON as in RFC 8785 (JCS) for the values events carry: object keys sorted by UTF-16
 * code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify writes them,
 * keys whose value is undefined omitted (as JSON storage drops them). Two encodings of the same
 * event are byte-identical, so a hash over it survives re-serialisation by either store.
 *
 * This runs for every event appended and verified, so it avoids JSON.stringify where the answer is
 * known: strings without characters that need escaping are quoted directly, and keys and short
 * values (small, repeating sets) are quoted once. `canonical-json.spec.ts` checks it against a plain reference.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length <= QUOTED_VALUE_MAX_LENGTH ? quotedValue(value) : quoteJson(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`cannot encode ${String(value)} canonically`);
      // Number-to-string is what JSON.stringify writes for every finite number (-0 as 0 too).
      return String(value);
    case 'object': {
      if (value === null) return 'null';
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
      const keys = sortKeys(Object.keys(record));
      let out = '{';
      let first = true;
      for (const key of keys) {
        const item = record[key];
        if (item === undefined) continue;
        if (!first) out += ',';
        first = false;
        out += quotedKey(key) + canonicalJson(item);
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

/** Objects with more keys than this are sorted by Array.prototype.sort. */
const INSERTION_SORT_MAX = 16;

/**
 * Sorts keys by UTF-16 code units in place, as the default `sort` does. Events' objects have a
 * handful of keys, which an insertion sort orders in less than half the time of the built-in.
 */
function sortKeys(keys: string[]): string[] {
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i];
    if (key === undefined) break;
    let j = i - 1;
    // keys[-1] is undefined, which ends the shift at the front.
    for (let before = keys[j]; before !== undefined && before > key; before = keys[j]) {
      keys[j + 1] = before;
      j -= 1;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** Characters JSON.stringify escapes, plus every surrogate (it escapes the lone ones). */
// eslint-disable-next-line no-control-regex -- JSON escapes U+0000–U+001F: finding them is the point
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`, without the call for the usual text that needs no escaping. */
export function quoteJson(text: string): string {
  return needsEscape.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Bounded so that arbitrary keys in a `record` field cannot grow it without limit. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_MAX = 4096;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < QUOTED_KEYS_MAX) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * Short string values repeat from event to event (seats, card ids, ranks, combination types), so
 * they are quoted once too, in a map bounded like the keys'. Longer ones (ids, free text) rarely
 * repeat and would only crowd it.
 */
const QUOTED_VALUE_MAX_LENGTH = 8;
const quotedValues = new Map<string, string>();

function quotedValue(value: string): string {
  let quoted = quotedValues.get(value);
  if (quoted === undefined) {
    quoted = quoteJson(value);
    if (quotedValues.size < QUOTED_KEYS_MAX) quotedValues.set(value, quoted);
  }
  return quoted;
}
