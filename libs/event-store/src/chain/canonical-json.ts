import { BoundedCache } from './bounded-cache';

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
      const listed = Object.keys(record);
      const layout = layoutOf(listed);
      if (layout !== undefined) {
        const written = writeLayout(record, layout);
        if (written !== undefined) return written;
      }
      const keys = sortKeys(listed);
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

/**
 * How objects with one list of keys are written: the keys in canonical order, each with the text
 * before its value (`{"a":`, then `,"b":`). Events of a type have objects of a few shapes, so this
 * replaces sorting and quoting their keys each time, and one piece per member is joined instead of
 * two (each piece is copied again when the string is hashed and stored).
 */
interface Layout {
  /** The keys as Object.keys listed them. */
  readonly listed: readonly string[];
  /** `listed` indexes in canonical order. */
  readonly order: readonly number[];
  readonly before: readonly string[];
}

/**
 * Layouts by their first listed key (an object's keys are checked against each with that key):
 * at most LAYOUTS_PER_KEY per first key, the oldest replaced, in a cache of 2 × 256 first keys
 * that drops the ones no longer met (bounded-cache.ts), so one-off shapes cannot grow it.
 */
const layouts = new BoundedCache<string, Layout[]>(256);
const LAYOUTS_PER_KEY = 8;
/** Layouts are for the small objects events carry; bigger ones are sorted each time. */
const LAYOUT_KEYS_MAX = 16;

function layoutOf(listed: readonly string[]): Layout | undefined {
  const first = listed[0];
  if (first === undefined || listed.length > LAYOUT_KEYS_MAX) return undefined;
  const candidates = layouts.get(first);
  if (candidates !== undefined) {
    for (const layout of candidates) if (sameKeys(layout.listed, listed)) return layout;
  }
  const sorted = sortKeys([...listed]);
  const layout: Layout = {
    listed: [...listed],
    order: sorted.map((key) => listed.indexOf(key)),
    before: sorted.map((key, index) => (index === 0 ? '{' : ',') + quotedKey(key)),
  };
  if (candidates === undefined) layouts.set(first, [layout]);
  else {
    if (candidates.length >= LAYOUTS_PER_KEY) candidates.shift();
    candidates.push(layout);
  }
  return layout;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** The object written with its layout, or undefined when a member is undefined (left out: the general path). */
function writeLayout(record: Record<string, unknown>, layout: Layout): string | undefined {
  const { listed, order, before } = layout;
  let out = '';
  for (let i = 0; i < order.length; i += 1) {
    const item = record[listed[order[i] ?? 0] ?? ''];
    if (item === undefined) return undefined;
    out += (before[i] ?? '') + canonicalJson(item);
  }
  return `${out}}`;
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

/**
 * Bounded so that arbitrary keys in a `record` field cannot grow it without limit, and turned over
 * (bounded-cache.ts) so that the keys still in use stay cached when one-off ones come and go.
 */
const QUOTED_MAX = 4096;
const quotedKeys = new BoundedCache<string, string>(QUOTED_MAX);

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * Short string values repeat from event to event (seats, card ids, ranks, combination types), so
 * they are quoted once too, in a map bounded like the keys'. Longer ones (ids, free text) rarely
 * repeat and would only crowd it.
 */
const QUOTED_VALUE_MAX_LENGTH = 8;
const quotedValues = new BoundedCache<string, string>(QUOTED_MAX);

function quotedValue(value: string): string {
  let quoted = quotedValues.get(value);
  if (quoted === undefined) {
    quoted = quoteJson(value);
    quotedValues.set(value, quoted);
  }
  return quoted;
}
