import { isDeepStrictEqual } from 'node:util';

/**
 * A seat's view with the match-fixed fields (the module's `viewFixed`: Guandan's ruleset) left out
 * when this seat's socket has sent them already and they have not changed since; `sent` is that
 * socket's record of what it sent, updated here. The first view after a join carries them whole.
 */
export function withoutFixedSent(
  view: unknown,
  fields: readonly string[] | undefined,
  sent: Map<string, unknown>,
): unknown {
  if (fields === undefined || fields.length === 0 || typeof view !== 'object' || view === null) return view;
  const whole = view as Record<string, unknown>;
  const left: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(whole)) {
    if (!fields.includes(field)) {
      left[field] = value;
      continue;
    }
    const before = sent.get(field);
    // The same object is the common case (the match's folded state keeps it); a refolded state
    // holds an equal copy, which is not news either.
    if (sent.has(field) && (before === value || isDeepStrictEqual(before, value))) {
      sent.set(field, value);
      continue;
    }
    sent.set(field, value);
    left[field] = value;
  }
  return left;
}
