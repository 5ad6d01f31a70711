/**
 * Every feed frame carries a new copy of the whole view, so every object in it is new even when
 * nothing in it changed, and Svelte re-runs everything that reads it. These helpers hand back the
 * copy already on screen while the new one is equal to it: a play at one seat then updates that
 * seat, not all four (message-to-paint).
 */

/** Structural equality of plain JSON data, what a feed frame carries. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item: unknown, i) => sameData(item, b[i]))
    );
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameData(left[key], right[key]))
  );
}

/** A filter that returns the value it returned last while the next one is equal to it (`sameData`). */
export function keepWhileSame<T>(): (next: T) => T {
  let last: { readonly value: T } | null = null;
  return (next) => {
    if (last !== null && sameData(last.value, next)) return last.value;
    last = { value: next };
    return next;
  };
}
