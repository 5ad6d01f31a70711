import type { z } from 'zod';

/** One reason an event was refused, with the dotted path of the offending field. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return out === '' ? name : `${out}.${name}`;
  }, '');
}

export function issuesFrom(error: z.ZodError, prefix: readonly PropertyKey[] = []): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath([...prefix, ...issue.path]) || '(root)',
    message: issue.message,
  }));
}

/** "data.cards[2]: Invalid input; metadata.actor.role: …" — one line, every field named. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}

const encoder = new TextEncoder();

export function utf8Bytes(value: unknown): number {
  // JSON.stringify(undefined) is undefined at run time, which TextEncoder encodes as zero bytes.
  return encoder.encode(JSON.stringify(value)).length;
}

/** Deeper than this the bound gives up (and JSON.stringify answers, or throws on a cycle as before). */
const BOUND_MAX_DEPTH = 32;

/**
 * An upper bound on the UTF-8 bytes of `JSON.stringify(value)` without building it, or -1 where a
 * plain walk cannot tell (class instances, toJSON, functions, bigint, deep nesting). A UTF-16 code
 * unit takes at most six bytes as JSON (`\u001f`), a number at most 25 characters (`-1.2345678901234567e-308`).
 * Keys of undefined values are counted although JSON leaves them out: it is an upper bound.
 */
export function jsonBytesBound(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length * 6 + 2;
    case 'number':
      return 25;
    case 'boolean':
      return 5;
    case 'undefined':
      return 4;
    case 'object': {
      if (value === null) return 4;
      if (depth >= BOUND_MAX_DEPTH) return -1;
      let total = 2;
      if (Array.isArray(value)) {
        if ((value as { toJSON?: unknown }).toJSON !== undefined) return -1;
        for (const item of value as unknown[]) {
          const bytes = jsonBytesBound(item, depth + 1);
          if (bytes < 0) return -1;
          total += bytes + 1;
        }
        return total;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return -1;
      const record = value as Record<string, unknown>;
      for (const key in record) {
        const bytes = jsonBytesBound(record[key], depth + 1);
        if (bytes < 0) return -1;
        total += key.length * 6 + 4 + bytes;
      }
      return total;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
      return -1;
  }
}

/**
 * Whether `value`'s JSON exceeds `limit` UTF-8 bytes. Most payloads are cleared by the bound above,
 * without building their JSON (the event store encodes each event canonically once anyway, and a
 * second JSON.stringify here was about a twentieth of a batched append); the rest are measured exactly.
 */
export function exceedsBytes(value: unknown, limit: number): number | undefined {
  const bound = jsonBytesBound(value);
  if (bound >= 0 && bound <= limit) return undefined;
  const json = JSON.stringify(value) as string | undefined;
  if (json === undefined || json.length * 3 <= limit) return undefined;
  const bytes = encoder.encode(json).length;
  return bytes > limit ? bytes : undefined;
}

/**
 * Names the biggest top-level field of an oversize payload, so an operator tool that attached a
 * photo to a statement learns which field to shrink rather than just "too big".
 */
export function oversizeIssue(data: unknown, bytes: number, limit: number): ValidationIssue {
  let largest: { key: string; bytes: number } | undefined;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const [key, value] of Object.entries(data)) {
      const size = utf8Bytes(value);
      if (largest === undefined || size > largest.bytes) largest = { key, bytes: size };
    }
  }
  const where = largest === undefined ? '' : `; largest field data.${largest.key} is ${largest.bytes} bytes`;
  return {
    path: largest === undefined ? 'data' : `data.${largest.key}`,
    message: `event data is ${bytes} bytes, over the ${limit}-byte limit${where}`,
  };
}
